import { describe, expect, it } from "vitest";
import {
  canvasImageName,
  DEFAULT_TEXT,
  type EditorAction,
  type EditorState,
  editorReducer,
  initialEditorState,
  PROFILE_ID,
  type SourceImage,
} from "./montage-document.ts";
import { generateLayout } from "./montage-layout.ts";

const source = (id: string): SourceImage => ({ id, key: `key-${id}`, url: `blob:${id}`, label: id });
const run = (actions: EditorAction[], state: EditorState = initialEditorState(1)) =>
  actions.reduce(editorReducer, state);
const withImages = () => run([{ type: "addSources", sources: [source("a"), source("b"), source("c")] }]);

describe("editorReducer", () => {
  it("starts empty with the text defaults: white Arial name, grey Arial watermark", () => {
    const state = initialEditorState(5);
    expect(state.present).toMatchObject({ profile: null, sources: [], images: [], seed: 5 });
    expect(DEFAULT_TEXT).toEqual({
      nameFont: "Arial",
      nameColour: "white",
      watermarkFont: "Arial",
      watermarkColour: "grey",
    });
  });

  it("names a canvas image by the unique image it shows and which copy of it it is", () => {
    const doc = withImages().present;
    const copiesOfB = doc.images.filter((image) => image.sourceId === "b");
    expect(copiesOfB.length).toBeGreaterThan(1);
    const second = copiesOfB[1];
    expect(canvasImageName(doc, second?.id ?? "")).toEqual({
      mark: "2",
      name: `Image 2, copy 2 of ${copiesOfB.length}`,
    });
    expect(canvasImageName(doc, "nowhere")).toBeNull();
  });

  it("regenerates the canvas images whenever the unique images change", () => {
    const state = withImages();
    expect(state.present.images).toEqual(generateLayout(["a", "b", "c"], 1));
    const fewer = editorReducer(state, { type: "removeSource", id: "b" });
    expect(fewer.present.images).toEqual(generateLayout(["a", "c"], 1));
    expect(fewer.present.images.some((image) => image.sourceId === "b")).toBe(false);
  });

  it("puts a 200×200 profile in and takes it out", () => {
    const state = run([{ type: "setProfile", url: "blob:me" }]);
    expect(state.present.profile).toEqual({ url: "blob:me", width: 200, height: 200 });
    expect(run([{ type: "removeImage", id: PROFILE_ID }], state).present.profile).toBeNull();
  });

  it("clamps a move and a nudge to the drag bounds", () => {
    const state = withImages();
    const id = state.present.images[0]?.id as string;
    const moved = run([{ type: "move", id, x: 950, y: -30 }], state);
    expect(moved.present.images[0]).toMatchObject({ x: 700, y: 0 });
    const nudged = run([{ type: "nudge", id, dx: 10, dy: -10 }], moved);
    expect(nudged.present.images[0]).toMatchObject({ x: 700, y: 0 });
    expect(nudged).toBe(moved);
  });

  it("applies typed values with their defaults and resizes the profile in place", () => {
    const state = run([{ type: "setProfile", url: "blob:me" }], withImages());
    const id = state.present.images[0]?.id as string;
    const typed = run(
      [
        { type: "typePosition", id, axis: "x", text: "oops" },
        { type: "typeSize", id, dimension: "height", text: "" },
        { type: "typeSize", id: PROFILE_ID, dimension: "width", text: "260" },
      ],
      state,
    );
    expect(typed.present.images[0]).toMatchObject({ x: 0, height: 50 });
    expect(typed.present.profile).toMatchObject({ width: 260, height: 200 });
  });

  it("rotates in quarter turns", () => {
    const state = withImages();
    const id = state.present.images[0]?.id as string;
    const turns = (count: number) => run(Array(count).fill({ type: "rotate", id }), state).present.images[0];
    expect(turns(1)?.rotation).toBe(90);
    expect(turns(4)?.rotation).toBe(0);
  });

  it("undoes and redoes moves, rotations, removals and shuffles", () => {
    const start = withImages();
    const id = start.present.images[0]?.id as string;
    const edited = run(
      [
        { type: "move", id, x: 10, y: 20 },
        { type: "rotate", id },
        { type: "shuffle", seed: 2 },
        { type: "shuffle", seed: 3 },
      ],
      start,
    );
    expect(edited.present.seed).toBe(3);
    const back = run([{ type: "undo" }, { type: "undo" }], edited);
    expect(back.present.seed).toBe(1);
    expect(back.present.images[0]).toMatchObject({ x: 10, y: 20, rotation: 90 });
    const allTheWay = run([{ type: "undo" }, { type: "undo" }], back);
    expect(allTheWay.present).toEqual(start.present);
    expect(run([{ type: "redo" }, { type: "redo" }, { type: "redo" }], allTheWay).present.seed).toBe(2);

    const removed = run([{ type: "removeImage", id }], start);
    expect(removed.present.images).toHaveLength(start.present.images.length - 1);
    expect(run([{ type: "undo" }], removed).present.images).toEqual(start.present.images);
  });

  it("records nothing for an action that changes nothing, and a new edit drops the redo steps", () => {
    const start = withImages();
    const image = start.present.images[0];
    if (!image) throw new Error("no image");
    expect(editorReducer(start, { type: "move", id: image.id, x: image.x, y: image.y })).toBe(start);
    expect(editorReducer(start, { type: "undo" }).past).toEqual([]);
    const undone = run([{ type: "shuffle", seed: 9 }, { type: "undo" }], start);
    expect(undone.future).toHaveLength(1);
    expect(run([{ type: "rotate", id: image.id }], undone).future).toEqual([]);
  });

  it("keeps the selection only while the image exists", () => {
    const start = withImages();
    const id = start.present.images[0]?.id as string;
    const selected = run([{ type: "select", id }], start);
    expect(selected.selectedId).toBe(id);
    expect(run([{ type: "removeImage", id }], selected).selectedId).toBeNull();
    expect(run([{ type: "select", id: PROFILE_ID }], start).selectedId).toBeNull();
    expect(run([{ type: "select", id: "missing" }], start).selectedId).toBeNull();
  });

  it("clears everything at once, undoably", () => {
    const state = run([{ type: "setProfile", url: "blob:me" }], withImages());
    const cleared = run([{ type: "clearAll" }], state);
    expect(cleared.present).toMatchObject({ profile: null, sources: [], images: [] });
    expect(run([{ type: "undo" }], cleared).present).toEqual(state.present);
  });
});
