import { z } from "zod";

/**
 * The standard OpenTelemetry variables Tagit honours, as entries of the environment schema (server/config.ts),
 * and the tracing settings they give.
 */

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional());

/** `key=value,key2=value2`, values percent-encoded (the OTLP exporter specification). Values are never echoed. */
const headerList = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const headers: Record<string, string> = {};
    for (const pair of value.split(",").filter((entry) => entry.trim())) {
      const at = pair.indexOf("=");
      const key = pair.slice(0, at).trim();
      if (at < 1 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key)) {
        ctx.addIssue({ code: "custom", message: "must be key=value pairs separated by commas" });
        return z.NEVER;
      }
      try {
        headers[key.toLowerCase()] = decodeURIComponent(pair.slice(at + 1).trim());
      } catch {
        ctx.addIssue({ code: "custom", message: `has a badly percent-encoded value for ${key}` });
        return z.NEVER;
      }
    }
    return headers;
  });

const protocol = z
  .string()
  .trim()
  .default("")
  .refine((value) => value === "" || value === "http/protobuf", "only http/protobuf is supported");

export const SAMPLERS = [
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const;

export const otelVariables = {
  OTEL_SDK_DISABLED: z.enum(["true", "false", "1", "0", ""]).default(""),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl.optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protocol,
  OTEL_EXPORTER_OTLP_HEADERS: headerList,
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: headerList,
  OTEL_EXPORTER_OTLP_TIMEOUT: z.coerce.number().int().min(100).max(600_000).default(10_000),
  OTEL_SERVICE_NAME: z
    .string()
    .trim()
    .default("")
    .transform((value) => value || "tagit"),
  OTEL_TRACES_SAMPLER: z.enum([...SAMPLERS, ""]).default(""),
  OTEL_TRACES_SAMPLER_ARG: z
    .string()
    .trim()
    .default("")
    .transform((value) => (value === "" ? 1 : Number(value)))
    .pipe(z.number({ error: "must be a number from 0 to 1" }).min(0).max(1)),
};

type OtelEnv = z.output<z.ZodObject<typeof otelVariables>>;

export type TracingSettings = {
  /** Where spans are sent (OTLP over HTTP, protobuf). */
  endpoint: string;
  headers: Record<string, string>;
  /** How long one export may take, retries included, before its spans are dropped. */
  timeoutMs: number;
  serviceName: string;
  sampler: (typeof SAMPLERS)[number];
  /** For the ratio samplers: the share of new traces kept. */
  ratio: number;
};

/**
 * Tracing is on when an OTLP endpoint is set (the traces one, or the general one with `/v1/traces` added, as the
 * specification says) and OTEL_SDK_DISABLED is not true.
 */
export function tracingSettings(e: OtelEnv): TracingSettings | undefined {
  if (e.OTEL_SDK_DISABLED === "true" || e.OTEL_SDK_DISABLED === "1") return undefined;
  const endpoint =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (e.OTEL_EXPORTER_OTLP_ENDPOINT && `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces`);
  if (!endpoint) return undefined;
  return {
    endpoint,
    headers: { ...e.OTEL_EXPORTER_OTLP_HEADERS, ...e.OTEL_EXPORTER_OTLP_TRACES_HEADERS },
    timeoutMs: e.OTEL_EXPORTER_OTLP_TIMEOUT,
    serviceName: e.OTEL_SERVICE_NAME,
    sampler: e.OTEL_TRACES_SAMPLER || "parentbased_always_on",
    ratio: e.OTEL_TRACES_SAMPLER_ARG,
  };
}
