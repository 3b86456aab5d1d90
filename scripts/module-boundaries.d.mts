/** Every import of another module's repository by a module's own (non-test) code. */
export function crossModuleRepositoryImports(
  modulesDir: string,
  options?: { serverAlias?: string },
): { file: string; imported: string }[];
