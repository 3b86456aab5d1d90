import { describe, expect, it } from "vitest";
import { getFullName, getInitials } from "./person.ts";

describe("getInitials", () => {
  it("takes the first letter of each name, upper-cased", () => {
    expect(getInitials({ firstName: "ada", lastName: "lovelace" })).toBe("AL");
  });

  it("copes with blanks, missing names and non-Latin letters", () => {
    expect(getInitials({ firstName: "  Grace ", lastName: "" })).toBe("G");
    expect(getInitials({ firstName: null, lastName: "Hopper" })).toBe("H");
    expect(getInitials({ firstName: "élodie", lastName: "Ørsted" })).toBe("ÉØ");
    expect(getInitials({ firstName: "😀x", lastName: "y" })).toBe("😀Y");
    expect(getInitials({})).toBe("?");
  });
});

describe("getFullName", () => {
  it("joins trimmed names and skips blanks", () => {
    expect(getFullName({ firstName: " Ada ", lastName: "Lovelace" })).toBe("Ada Lovelace");
    expect(getFullName({ firstName: "Ada", lastName: "" })).toBe("Ada");
  });
});
