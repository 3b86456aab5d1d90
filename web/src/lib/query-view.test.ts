import { describe, expect, it } from "vitest";
import { type QueryViewInput, queryView } from "./query-view.ts";

const query = <T>(state: Partial<QueryViewInput<T>>): QueryViewInput<T> => ({
  data: undefined,
  isPending: false,
  isError: false,
  isFetching: false,
  ...state,
});

describe("queryView", () => {
  it("loads until the first answer, then shows data, an empty answer or the error", () => {
    expect(queryView(query({ isPending: true, isFetching: true }))).toBe("loading");
    expect(queryView(query({ data: [1, 2] }))).toBe("data");
    expect(queryView(query({ data: [] }))).toBe("empty");
    expect(queryView(query({ data: null }))).toBe("empty");
    expect(queryView(query({ isError: true }))).toBe("error");
  });

  it("asks isEmpty for anything but an array", () => {
    const isEmpty = (data: { content: string }) => !data.content.trim();
    expect(queryView(query({ data: { content: " " } }), { isEmpty })).toBe("empty");
    expect(queryView(query({ data: { content: "Hi" } }), { isEmpty })).toBe("data");
    expect(queryView(query({ data: { count: 0 } }))).toBe("data");
  });

  it("shows the error over data from an earlier answer unless told to keep the data", () => {
    const failedRefetch = query({ data: [1], isError: true });
    expect(queryView(failedRefetch)).toBe("error");
    expect(queryView(failedRefetch, { keepDataOnError: true })).toBe("data");
    expect(queryView(query({ data: undefined, isError: true }), { keepDataOnError: true })).toBe("error");
  });

  it("keeps the error on screen while Try Again runs, unless loading should show instead", () => {
    const retrying = query({ isError: true, isFetching: true });
    expect(queryView(retrying)).toBe("error");
    expect(queryView(retrying, { loadingWhileRetrying: true })).toBe("loading");
    expect(queryView(query({ data: [1], isFetching: true }), { loadingWhileRetrying: true })).toBe("data");
  });
});
