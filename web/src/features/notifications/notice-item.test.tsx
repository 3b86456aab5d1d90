import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Notice } from "#contract/api/notices.ts";
import { NoticeItem } from "./notification-bell.tsx";

const DECISION_ID = "11111111-1111-4111-8111-111111111111";

const notice = (overrides: Partial<Notice> = {}): Notice => ({
  id: "n1",
  kind: "decision",
  postName: "sunset",
  visitor: null,
  tagg: null,
  decisionId: DECISION_ID,
  text: 'Your post "sunset" was hidden pending review, by an administrator. Reason: Spam.',
  createdAt: "2026-11-03T12:00:00.000Z",
  ...overrides,
});

function Where() {
  const { pathname, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${hash}`}</p>;
}

function renderItem(item: Notice) {
  const onFollow = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={["/dashboard"]}>
        <ul>
          <NoticeItem
            notice={item}
            now={new Date("2026-11-03T13:00:00.000Z")}
            onDismiss={vi.fn()}
            onFollow={onFollow}
          />
        </ul>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onFollow;
}

afterEach(() => vi.clearAllMocks());

describe("NoticeItem", () => {
  it("links a decision notice to its reasons and appeal, and closes the bell", () => {
    const onFollow = renderItem(notice());
    const link = screen.getByRole("link", { name: 'Read why and appeal about "sunset"' });
    expect(link.getAttribute("href")).toBe(`/moderation-decisions#decision-${DECISION_ID}`);
    fireEvent.click(link);
    expect(onFollow).toHaveBeenCalled();
    expect(screen.getByTestId("where").textContent).toBe(`/moderation-decisions#decision-${DECISION_ID}`);
  });

  it("links an appeal's outcome to the same place", () => {
    renderItem(
      notice({ kind: "appeal_decided", postName: null, tagg: "ada", text: "Your appeal was accepted." }),
    );
    expect(screen.getByRole("link", { name: "Read the outcome about @ada" }).getAttribute("href")).toBe(
      `/moderation-decisions#decision-${DECISION_ID}`,
    );
  });

  it("gives a reporter's outcome no link", () => {
    renderItem(notice({ kind: "report_outcome", decisionId: null }));
    expect(screen.queryByRole("link")).toBeNull();
  });
});
