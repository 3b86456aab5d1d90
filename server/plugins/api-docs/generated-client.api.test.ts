import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { expect, it, onTestFinished } from "vitest";
import { registerMember } from "#server/test/factories.ts";
import { png } from "#server/test/images.ts";
import { createTestApp } from "#server/test/test-app.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const EXAMPLE = path.join(ROOT, "docs/api-client/publish-a-post.ts");

/** The types openapi-typescript generates from the document, multipart files typed as Blob (docs/api-client.md). */
async function generateTypes(document: unknown) {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    transform: (schema) =>
      "format" in schema && schema.format === "binary"
        ? ts.factory.createTypeReferenceNode("Blob")
        : undefined,
  });
  return astToString(ast);
}

/** The example's one function (its own file imports types that exist only once they are generated). */
type PublishAPost = (
  baseUrl: string,
  email: string,
  password: string,
  image: Blob,
  postName: string,
) => Promise<{ postId: string; errorCode: string; suggestions: string[] }>;

function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

it("a client generated from /docs/json type-checks and signs in, uploads, posts and reads an error code", async () => {
  const t = await createTestApp();
  const member = await registerMember(t);
  const document = (await t.app.inject({ url: "/docs/json" })).json();

  // Inside the repository, so the example resolves openapi-fetch from its node_modules and the test runner
  // compiles it; removed afterwards.
  const dir = await mkdtemp(path.join(ROOT, ".generated-client-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, "tagit-api.ts"), await generateTypes(document));
  const script = path.join(dir, "publish-a-post.ts");
  await copyFile(EXAMPLE, script);

  expect(typeErrors(script)).toEqual([]);

  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  const { publishAPost } = (await import(script)) as { publishAPost: PublishAPost };
  const image = new Blob([new Uint8Array(await png())], { type: "image/png" });
  const result = await publishAPost(
    `http://127.0.0.1:${port}`,
    member.input.email,
    member.input.password,
    image,
    "Generated client door",
  );
  expect(result.errorCode).toBe("name_taken");
  expect(result.suggestions.length).toBeGreaterThan(0);
  const posts = await t.app.inject({ url: "/api/tagged-posts", headers: { cookie: member.cookie } });
  expect(posts.json()).toEqual([
    expect.objectContaining({ id: result.postId, postName: "Generated client door" }),
  ]);
});
