export const E2E_PORT = 3210;
export const E2E_DATA_DIR = ".e2e-data";
