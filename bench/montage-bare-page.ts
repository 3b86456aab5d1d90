// The baseline of bench/montage.ts: one hand-written 2D canvas doing the montage's draws (background, the same
// number of pictures from copies scaled as the app scales them, each outlined, the round profile with its
// ring, the outlined name and the watermark), redrawn once per frame while one picture is dragged, and
// exported as a PNG. No framework and no canvas library: what the app's figures are compared with.

export type BareImage = { x: number; y: number; width: number; height: number; picture: number };

export function barePageHtml(images: BareImage[], pictures: string[], profile: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>bare montage</title></head>
<body style="margin:0;background:#f8fafc">
<canvas id="c" width="800" height="600" style="display:block;margin:40px"></canvas>
<script>
const images = ${JSON.stringify(images)};
const sources = ${JSON.stringify(pictures)};
const profileSource = ${JSON.stringify(profile)};
const canvas = document.getElementById("c");
const screenContext = canvas.getContext("2d");
const MAX_SIDE = 640;

async function prepare(url) {
  const image = new Image();
  image.src = url;
  await image.decode();
  const scale = Math.min(1, MAX_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
  const copy = document.createElement("canvas");
  copy.width = Math.round(image.naturalWidth * scale);
  copy.height = Math.round(image.naturalHeight * scale);
  copy.getContext("2d").drawImage(image, 0, 0, copy.width, copy.height);
  return copy;
}

function cover(picture, width, height) {
  const scale = Math.min(picture.width / width, picture.height / height);
  const w = width * scale, h = height * scale;
  return [(picture.width - w) / 2, (picture.height - h) / 2, w, h];
}

let pictures = [];
let profile = null;
function draw(context = screenContext) {
  context.fillStyle = "#0f172a";
  context.fillRect(0, 0, 800, 600);
  for (const image of images) {
    const picture = pictures[image.picture];
    context.drawImage(picture, ...cover(picture, image.width, image.height), image.x, image.y, image.width, image.height);
    context.strokeStyle = "white";
    context.lineWidth = 2;
    context.strokeRect(image.x, image.y, image.width, image.height);
  }
  context.save();
  context.beginPath();
  context.ellipse(400, 300, 100, 100, 0, 0, Math.PI * 2);
  context.clip();
  context.drawImage(profile, ...cover(profile, 200, 200), 300, 200, 200, 200);
  context.restore();
  context.beginPath();
  context.ellipse(400, 300, 100, 100, 0, 0, Math.PI * 2);
  context.strokeStyle = "white";
  context.lineWidth = 5;
  context.stroke();
  context.font = "bold 32px Arial";
  context.textAlign = "center";
  context.textBaseline = "top";
  context.lineWidth = 3;
  context.strokeStyle = "black";
  context.strokeText("Bench Member", 400, 528);
  context.fillStyle = "white";
  context.fillText("Bench Member", 400, 528);
  context.font = "16px Arial";
  context.textAlign = "right";
  context.fillStyle = "grey";
  context.fillText("localhost", 788, 572);
}

let dragged = null;
let offset = { x: 0, y: 0 };
let scheduled = false;
canvas.addEventListener("mousedown", (event) => {
  const box = canvas.getBoundingClientRect();
  const x = event.clientX - box.left, y = event.clientY - box.top;
  dragged = [...images].reverse().find((image) => x >= image.x && x <= image.x + image.width && y >= image.y && y <= image.y + image.height) ?? null;
  if (dragged) offset = { x: x - dragged.x, y: y - dragged.y };
});
window.addEventListener("mousemove", (event) => {
  if (!dragged) return;
  const box = canvas.getBoundingClientRect();
  dragged.x = Math.round(Math.min(700, Math.max(0, event.clientX - box.left - offset.x)));
  dragged.y = Math.round(Math.min(500, Math.max(0, event.clientY - box.top - offset.y)));
  if (!scheduled) {
    scheduled = true;
    requestAnimationFrame(() => { scheduled = false; draw(); });
  }
});
window.addEventListener("mouseup", () => { dragged = null; });

window.bareReady = Promise.all([Promise.all(sources.map(prepare)), prepare(profileSource)]).then(([list, own]) => {
  pictures = list;
  profile = own;
  draw();
});
window.bareTop = () => ({ x: images.at(-1).x, y: images.at(-1).y });
window.bareExport = async () => {
  const start = performance.now();
  // Like Konva's export: the montage drawn again on a canvas of its own, then encoded.
  const copy = document.createElement("canvas");
  copy.width = 800;
  copy.height = 600;
  draw(copy.getContext("2d"));
  const blob = await new Promise((resolve) => copy.toBlob(resolve, "image/png"));
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = "bare.png";
  URL.revokeObjectURL(url);
  return performance.now() - start;
};
</script>
</body></html>`;
}
