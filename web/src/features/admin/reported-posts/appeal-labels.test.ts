import { describe, expect, it } from "vitest";
import { appealName, decidedByLabel, decisionSubject } from "./appeal-labels.ts";

const member = { id: "m1", firstName: "Bea", lastName: "Poster", tagg: "bea" };
const ada = { id: "a1", firstName: "Ada", lastName: "Admin" };

describe("the appeals queue's words", () => {
  it("names the post, the tagg, or both, and nothing for a profile", () => {
    expect(decisionSubject({ postName: "sunset" })).toBe("“sunset”");
    expect(decisionSubject({ tagg: "bea" })).toBe("@bea");
    expect(decisionSubject({ postName: "sunset", tagg: "bea" })).toBe("“sunset” · @bea");
    expect(decisionSubject({})).toBe("");
  });

  it("says whether the threshold or a person decided", () => {
    expect(decidedByLabel({ automatic: true, decidedBy: null })).toBe(
      "Automatic: the reports reached the threshold",
    );
    expect(decidedByLabel({ automatic: false, decidedBy: ada })).toBe("By Ada Admin");
    expect(decidedByLabel({ automatic: false, decidedBy: null })).toBe("By an administrator no longer here");
  });

  it("names a row by its member and subject", () => {
    expect(appealName({ member, decision: { subject: { postName: "sunset" } } } as never)).toBe(
      "Bea Poster's appeal about “sunset”",
    );
    expect(appealName({ member, decision: { subject: {} } } as never)).toBe("Bea Poster's appeal");
  });
});
