import { createFormControl } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { buildApiError, NetworkError } from "./api-request.ts";
import { applyServerFieldErrors, setFieldErrors } from "./form-errors.ts";

type Values = {
  bio: string;
  picture: string | null;
  platforms: { github: string };
  shortcuts: { label: string; url: string }[];
};

/** A real react-hook-form form, without React. */
const newForm = () =>
  createFormControl<Values>({
    defaultValues: { bio: "", picture: null, platforms: { github: "" }, shortcuts: [{ label: "", url: "" }] },
  });

const validationError = (fields: Record<string, string>) =>
  buildApiError(400, "Bad Request", JSON.stringify({ error: "Invalid input", code: "validation", fields }));

describe("applyServerFieldErrors", () => {
  it("shows each message on the field it names, nested paths included", () => {
    const form = newForm();
    const error = validationError({
      bio: "Bio cannot contain < or >",
      picture: "Not an image",
      "platforms.github": "Links must be http:// or https:// addresses",
      "shortcuts.0.url": "Enter a web address",
    });

    expect(applyServerFieldErrors(form, error)).toBe(true);
    expect(form.getFieldState("bio").error?.message).toBe("Bio cannot contain < or >");
    expect(form.getFieldState("picture").error?.message).toBe("Not an image");
    expect(form.getFieldState("platforms.github").error?.message).toBe(
      "Links must be http:// or https:// addresses",
    );
    expect(form.getFieldState("shortcuts.0.url").error?.message).toBe("Enter a web address");
  });

  it("passes over names that are not fields of the form and says when it showed none", () => {
    const form = newForm();
    const error = validationError({ body: "Invalid request", "shortcuts.3.url": "Bad", "bio.length": "Bad" });

    expect(applyServerFieldErrors(form, error)).toBe(false);
    expect(form.getErrors()).toEqual({});
  });

  it("shows nothing for failures that carry no fields", () => {
    const form = newForm();
    const conflict = buildApiError(409, "Conflict", '{"error":"Taken","code":"name_taken"}');

    expect(applyServerFieldErrors(form, conflict)).toBe(false);
    expect(applyServerFieldErrors(form, new NetworkError())).toBe(false);
    expect(applyServerFieldErrors(form, new Error("boom"))).toBe(false);
    expect(form.getErrors()).toEqual({});
  });

  it("maps the server's names onto the form's when they differ", () => {
    const form = newForm();
    const error = validationError({ "profile.bio": "Too long" });

    expect(applyServerFieldErrors(form, error, (name) => name.replace(/^profile\./, ""))).toBe(true);
    expect(form.getFieldState("bio").error?.message).toBe("Too long");
  });
});

describe("setFieldErrors", () => {
  it("takes a plain record of messages and skips the empty entries", () => {
    const form = newForm();

    expect(setFieldErrors(form, { bio: "Too long", picture: undefined })).toBe(true);
    expect(form.getFieldState("bio").error?.message).toBe("Too long");
    expect(form.getFieldState("picture").error).toBeUndefined();
  });
});
