import { PROFILE_SIZE } from "./montage-constants.ts";
import { type CanvasImage, generateLayout } from "./montage-layout.ts";
import { clampPosition, rotateQuarter, typedPosition, typedSize } from "./montage-rules.ts";

/**
 * The montage as data: one plain document changed by named actions; undo and redo step through
 * earlier documents. The canvas only draws what the document says.
 */

/** A unique image the member added: a file of theirs or one of their posts. */
export type SourceImage = { id: string; key: string; url: string; label: string };
export type ProfileImage = { url: string; width: number; height: number };
export type TextSettings = {
  nameFont: string;
  nameColour: string;
  watermarkFont: string;
  watermarkColour: string;
};

export type MontageDocument = {
  profile: ProfileImage | null;
  sources: SourceImage[];
  seed: number;
  images: CanvasImage[];
  text: TextSettings;
};

export type EditorState = {
  past: MontageDocument[];
  present: MontageDocument;
  future: MontageDocument[];
  selectedId: string | null;
};

/** The profile's id where an image id is expected (selection, thumbnails). */
export const PROFILE_ID = "profile";
const HISTORY_LIMIT = 100;

export const DEFAULT_TEXT: TextSettings = {
  nameFont: "Arial",
  nameColour: "white",
  watermarkFont: "Arial",
  watermarkColour: "grey",
};

export type EditorAction =
  | { type: "setProfile"; url: string }
  | { type: "removeProfile" }
  | { type: "addSources"; sources: SourceImage[] }
  | { type: "removeSource"; id: string }
  | { type: "clearAll" }
  | { type: "shuffle"; seed: number }
  | { type: "move"; id: string; x: number; y: number }
  | { type: "nudge"; id: string; dx: number; dy: number }
  | { type: "typePosition"; id: string; axis: "x" | "y"; text: string }
  | { type: "typeSize"; id: string; dimension: "width" | "height"; text: string }
  | { type: "rotate"; id: string }
  | { type: "removeImage"; id: string }
  | { type: "setText"; text: Partial<TextSettings> }
  | { type: "select"; id: string | null }
  | { type: "undo" }
  | { type: "redo" };

/**
 * How a canvas image is named where the member picks it: by the unique image it shows (numbered as in the
 * list of unique images), and which of that image's copies it is — the canvas repeats each image many times.
 */
export function canvasImageName(doc: MontageDocument, imageId: string) {
  const image = doc.images.find((item) => item.id === imageId);
  if (!image) return null;
  const picture = doc.sources.findIndex((source) => source.id === image.sourceId) + 1;
  const copies = doc.images.filter((item) => item.sourceId === image.sourceId);
  const copy = copies.indexOf(image) + 1;
  return { mark: String(picture), name: `Image ${picture}, copy ${copy} of ${copies.length}` };
}

export function initialEditorState(seed: number): EditorState {
  return {
    past: [],
    present: { profile: null, sources: [], seed, images: [], text: DEFAULT_TEXT },
    future: [],
    selectedId: null,
  };
}

const withLayout = (doc: MontageDocument, sources: SourceImage[], seed = doc.seed): MontageDocument => ({
  ...doc,
  sources,
  seed,
  images: generateLayout(
    sources.map((source) => source.id),
    seed,
  ),
});

const sameImage = (a: CanvasImage, b: CanvasImage) =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height && a.rotation === b.rotation;

/** Changes one image; an action that leaves it as it was (a click without a drag) changes nothing. */
function updateImage(doc: MontageDocument, id: string, change: (image: CanvasImage) => CanvasImage) {
  const index = doc.images.findIndex((image) => image.id === id);
  const image = doc.images[index];
  if (!image) return doc;
  const changed = change(image);
  if (sameImage(image, changed)) return doc;
  return { ...doc, images: doc.images.with(index, changed) };
}

/** The document after an action, or the same object when the action changes nothing. */
export function applyToDocument(doc: MontageDocument, action: EditorAction): MontageDocument {
  switch (action.type) {
    case "setProfile":
      return { ...doc, profile: { url: action.url, width: PROFILE_SIZE, height: PROFILE_SIZE } };
    case "removeProfile":
      return doc.profile ? { ...doc, profile: null } : doc;
    case "addSources":
      return action.sources.length > 0 ? withLayout(doc, [...doc.sources, ...action.sources]) : doc;
    case "removeSource":
      return withLayout(
        doc,
        doc.sources.filter((source) => source.id !== action.id),
      );
    case "clearAll":
      return doc.profile || doc.sources.length > 0 ? { ...withLayout(doc, []), profile: null } : doc;
    case "shuffle":
      return withLayout(doc, doc.sources, action.seed);
    case "move":
      return updateImage(doc, action.id, (image) => ({ ...image, ...clampPosition(action.x, action.y) }));
    case "nudge":
      return updateImage(doc, action.id, (image) => ({
        ...image,
        ...clampPosition(image.x + action.dx, image.y + action.dy),
      }));
    case "typePosition":
      return updateImage(doc, action.id, (image) => ({
        ...image,
        [action.axis]: typedPosition(action.text, action.axis),
      }));
    case "typeSize": {
      const size = typedSize(action.text);
      if (action.id === PROFILE_ID) {
        return doc.profile ? { ...doc, profile: { ...doc.profile, [action.dimension]: size } } : doc;
      }
      return updateImage(doc, action.id, (image) => ({ ...image, [action.dimension]: size }));
    }
    case "rotate":
      return updateImage(doc, action.id, (image) => ({ ...image, rotation: rotateQuarter(image.rotation) }));
    case "removeImage":
      if (action.id === PROFILE_ID) return applyToDocument(doc, { type: "removeProfile" });
      return { ...doc, images: doc.images.filter((image) => image.id !== action.id) };
    case "setText":
      return { ...doc, text: { ...doc.text, ...action.text } };
    default:
      return doc;
  }
}

/** The selection survives only while the selected image still exists. */
function keptSelection(doc: MontageDocument, selectedId: string | null): string | null {
  if (selectedId === PROFILE_ID) return doc.profile ? PROFILE_ID : null;
  return doc.images.some((image) => image.id === selectedId) ? selectedId : null;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "select":
      return { ...state, selectedId: keptSelection(state.present, action.id) };
    case "undo": {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        selectedId: keptSelection(previous, state.selectedId),
      };
    }
    case "redo": {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return {
        past: [...state.past, state.present],
        present: next,
        future: rest,
        selectedId: keptSelection(next, state.selectedId),
      };
    }
    default: {
      const present = applyToDocument(state.present, action);
      if (present === state.present) return state;
      return {
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present,
        future: [],
        selectedId: keptSelection(present, state.selectedId),
      };
    }
  }
}
