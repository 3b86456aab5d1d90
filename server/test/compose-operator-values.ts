/** What an operator fills compose.env.example with, for the tests that read compose.yaml as compose would. */
export const OPERATOR_VALUES: Record<string, string> = {
  TAGIT_DOMAIN: "tagit.example.org",
  APP_SECRET: "0123456789abcdef0123456789abcdef0123456789abcdef",
  POSTGRES_PASSWORD: "a-database-password",
  MINIO_ROOT_USER: "tagit-minio",
  MINIO_ROOT_PASSWORD: "a-minio-password",
  PAYMENTS_TEST_MODE: "true",
};
