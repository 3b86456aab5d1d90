/** The montage maker's numbers and words. */

export const CANVAS = { width: 800, height: 600 } as const;
export const CENTER = { x: CANVAS.width / 2, y: CANVAS.height / 2 } as const;

export const MAX_UNIQUE_IMAGES = 10;
export const MIN_UNIQUE_IMAGES = 3;
export const MAX_CANVAS_IMAGES = 60;

export const DUPLICATE_SIZE = { min: 80, max: 120 } as const;
export const EXCLUSION_RADIUS = 120;
export const GRID_SPACING = 80;
export const GRID_JITTER = 50;

export const PROFILE_SIZE = 200;

/** Dragging keeps an image's top-left corner inside these bounds. */
export const DRAG_BOUNDS = { minX: 0, maxX: 700, minY: 0, maxY: 500 } as const;
/** What a typed position or size becomes when it is not a number. */
export const TYPED_DEFAULTS = { position: 0, size: 50 } as const;
/** The largest size a typed width or height may take: the canvas itself. */
export const MAX_TYPED_SIZE = CANVAS.width;
export const ROTATION_STEP = 90;

export const FONTS = [
  "Arial",
  "Helvetica",
  "Georgia",
  "Times New Roman",
  "Courier New",
  "Verdana",
  "Impact",
  "Comic Sans MS",
] as const;

export const COLOURS = [
  "white",
  "black",
  "red",
  "green",
  "blue",
  "yellow",
  "magenta",
  "cyan",
  "orange",
  "purple",
] as const;
/** The watermark's default colour is grey, which the list of choices does not hold. */
export const WATERMARK_COLOURS = ["grey", ...COLOURS] as const;

export const NAME_TEXT = { fontSize: 32, bottomMargin: 40, outlineWidth: 3, outlineColour: "black" } as const;
export const WATERMARK_TEXT = { fontSize: 16, margin: 12 } as const;

export type Notice = { title: string; description: string };

export const MONTAGE_MESSAGES = {
  tooMany: (remaining: number) => ({
    title: "Too Many Unique Images",
    description: `You can only upload ${remaining} more unique images (10 max unique)`,
  }),
  moreNeeded: (count: number) => ({
    title: "More Images Needed",
    description: `Please upload at least 3 images total. You have ${count} so far.`,
  }),
  imagesOnly: { title: "Images Only", description: "Only image files can be added to your montage." },
  downloaded: {
    title: "Montage Downloaded",
    description: "Your custom montage has been saved to your device!",
  },
  exportFailed: { title: "Download Failed", description: "Unable to create your montage. Please try again." },
} as const;
