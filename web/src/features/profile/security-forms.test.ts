import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import {
  canSubmitEmail,
  changeEmailFormSchema,
  changePasswordFormSchema,
  PASSWORD_CHANGE_MESSAGES,
  passwordChangeProblem,
} from "./security-forms.ts";

describe("passwordChangeProblem", () => {
  it("checks required, then match, then length", () => {
    expect(passwordChangeProblem("", "")).toBe(PASSWORD_CHANGE_MESSAGES.required);
    expect(passwordChangeProblem("abc", "abd")).toBe(PASSWORD_CHANGE_MESSAGES.mismatch);
    expect(passwordChangeProblem("abc", "abc")).toBe(PASSWORD_CHANGE_MESSAGES.tooShort);
    expect(passwordChangeProblem("abcdef", "abcdef")).toBeNull();
  });

  it("words each failure as the form shows it", () => {
    expect(PASSWORD_CHANGE_MESSAGES).toMatchObject({
      required: "Please enter a new password",
      mismatch: "New passwords do not match",
      tooShort: "New password must be at least 6 characters",
    });
  });
});

describe("changePasswordFormSchema", () => {
  it("puts a mismatch on the confirmation and other problems on the new password", () => {
    const mismatch = changePasswordFormSchema.safeParse({
      currentPassword: "old secret",
      newPassword: "new secret",
      confirmPassword: "other",
    });
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ["confirmPassword"] });
    const short = changePasswordFormSchema.safeParse({
      currentPassword: "old secret",
      newPassword: "abc",
      confirmPassword: "abc",
    });
    expect(short.error?.issues[0]).toMatchObject({ path: ["newPassword"] });
  });

  it("requires the current password", () => {
    const result = changePasswordFormSchema.safeParse({
      currentPassword: "",
      newPassword: "new secret",
      confirmPassword: "new secret",
    });
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.currentPasswordRequired);
  });
});

describe("changeEmailFormSchema", () => {
  it("normalises the new address", () => {
    expect(changeEmailFormSchema.parse({ email: " Ada@Example.COM ", currentPassword: "x" })).toEqual({
      email: "ada@example.com",
      currentPassword: "x",
    });
  });
});

describe("canSubmitEmail", () => {
  it("is false for an empty or unchanged address", () => {
    expect(canSubmitEmail("", "ada@example.com")).toBe(false);
    expect(canSubmitEmail("  ", "ada@example.com")).toBe(false);
    expect(canSubmitEmail(" ADA@example.com", "ada@example.com")).toBe(false);
    expect(canSubmitEmail("grace@example.com", "ada@example.com")).toBe(true);
  });
});
