// Overridable so two runs (e.g. two developers' sessions on one machine) do not collide.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".e2e-data";
