import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";

const tracingOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: "/tmp", ...env }).tracing;
const refusal = (env: Record<string, string>) => {
  try {
    tracingOf(env);
  } catch (err) {
    return (err as Error).message;
  }
  return "accepted";
};

describe("the OTEL_* variables", () => {
  it("leave tracing off unless an endpoint is set, and OTEL_SDK_DISABLED turns it off", () => {
    expect(tracingOf({})).toBeUndefined();
    expect(tracingOf({ OTEL_SERVICE_NAME: "x" })).toBeUndefined();
    expect(
      tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" }),
    ).toBeUndefined();
  });

  it("send to ENDPOINT/v1/traces, or to the traces endpoint as it is, as service tagit by default", () => {
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" })).toEqual({
      endpoint: "http://collector:4318/v1/traces",
      headers: {},
      timeoutMs: 10_000,
      serviceName: "tagit",
      sampler: "parentbased_always_on",
      ratio: 1,
    });
    expect(
      tracingOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://traces.example.net/otlp",
        OTEL_EXPORTER_OTLP_HEADERS: "api-key=a%20b, x-team=one",
        OTEL_EXPORTER_OTLP_TRACES_HEADERS: "x-team=two",
        OTEL_EXPORTER_OTLP_TIMEOUT: "2000",
        OTEL_SERVICE_NAME: "tagit-eu",
        OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
        OTEL_TRACES_SAMPLER_ARG: "0.25",
      }),
    ).toEqual({
      endpoint: "https://traces.example.net/otlp",
      headers: { "api-key": "a b", "x-team": "two" },
      timeoutMs: 2000,
      serviceName: "tagit-eu",
      sampler: "parentbased_traceidratio",
      ratio: 0.25,
    });
  });

  it("refuse a bad value in one line naming the variable, never echoing a header's value", () => {
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toBe(
      "Invalid configuration: OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL",
    );
    expect(refusal({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "grpc://collector" })).toMatch(
      /^Invalid configuration: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT /,
    );
    expect(refusal({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toBe(
      "Invalid configuration: OTEL_EXPORTER_OTLP_PROTOCOL only http/protobuf is supported",
    );
    const headers = refusal({ OTEL_EXPORTER_OTLP_HEADERS: "s3cr3tvalue" });
    expect(headers).toMatch(/^Invalid configuration: OTEL_EXPORTER_OTLP_HEADERS /);
    expect(headers).not.toContain("s3cr3t");
    expect(refusal({ OTEL_TRACES_SAMPLER: "sometimes" })).toMatch(
      /^Invalid configuration: OTEL_TRACES_SAMPLER /,
    );
    expect(refusal({ OTEL_TRACES_SAMPLER_ARG: "1.5" })).toMatch(
      /^Invalid configuration: OTEL_TRACES_SAMPLER_ARG /,
    );
    expect(refusal({ OTEL_TRACES_SAMPLER_ARG: "half" })).toMatch(
      /^Invalid configuration: OTEL_TRACES_SAMPLER_ARG /,
    );
  });
});
