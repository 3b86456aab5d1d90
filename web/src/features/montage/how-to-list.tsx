import { Lightbulb } from "lucide-react";

const STEPS = [
  "Upload a profile picture: it sits in a circle at the centre.",
  "Add 3 to 10 unique images, from your device or your posts: they fill the canvas.",
  "Shuffle for a new arrangement; drag, resize or rotate any image to fine-tune it.",
  "Pick the fonts and colours of your name and the watermark.",
  "Download your 800×600 montage as a PNG.",
];

/** How to make a montage, shown under the canvas. */
export function HowToList() {
  return (
    <section aria-labelledby="montage-how-to" className="rounded-xl bg-slate-50 p-4">
      <h2 id="montage-how-to" className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Lightbulb className="size-4 text-amber-600" aria-hidden="true" />
        How to create your montage
      </h2>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
