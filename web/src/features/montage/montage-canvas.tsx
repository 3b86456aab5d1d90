import type Konva from "konva/lib/Core";
import "konva/lib/shapes/Ellipse";
import "konva/lib/shapes/Image";
import "konva/lib/shapes/Rect";
import "konva/lib/shapes/Text";
import "konva/lib/shapes/Transformer";
import type { KonvaEventObject } from "konva/lib/Node";
import type { Transformer as KonvaTransformer } from "konva/lib/shapes/Transformer";
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from "react";
import { Image, Layer, Rect, Stage, Transformer } from "react-konva/lib/ReactKonvaCore";
import { coverCrop } from "./cover-crop.ts";
import { CANVAS } from "./montage-constants.ts";
import { type EditorAction, type MontageDocument, PROFILE_ID } from "./montage-document.ts";
import type { CanvasImage } from "./montage-layout.ts";
import { MontageProfile, MontageTexts, pictureSize } from "./montage-pieces.tsx";
import { clampPosition } from "./montage-rules.ts";
import type { PreparedImage } from "./prepared-images.ts";

export type MontageCanvasProps = {
  doc: MontageDocument;
  selectedId: string | null;
  pictures: ReadonlyMap<string, PreparedImage>;
  name: string;
  domain: string;
  dispatch: (action: EditorAction) => void;
  /** The layer that holds the montage itself (the selection frame is on another): what Download exports. */
  layerRef: RefObject<Konva.Layer | null>;
  describedBy: string;
};

const NUDGE = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] } as const;

/** Scales the 800×600 stage down to the width it is given; the montage itself stays 800×600. */
function useFittedScale() {
  const ref = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setScale(Math.min(1, entry.contentRect.width / CANVAS.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, scale };
}

/** The montage drawn with Konva: drag (mouse, pen or touch) within the bounds, select, and keys to nudge. */
export function MontageCanvas(props: MontageCanvasProps) {
  const { doc, selectedId, pictures, dispatch } = props;
  const { ref, scale } = useFittedScale();
  const frameRef = useRef<KonvaTransformer>(null);
  const dragLayerRef = useRef<Konva.Layer>(null);
  const urlOf = new Map(doc.sources.map((source) => [source.id, source.url]));

  // biome-ignore lint/correctness/useExhaustiveDependencies: an undo may bring the selected image back as a new node
  useEffect(() => {
    const frame = frameRef.current;
    const stage = frame?.getStage();
    if (!frame || !stage) return;
    const node = selectedId ? stage.findOne(`#${selectedId}`) : undefined;
    frame.nodes(node ? [node] : []);
  }, [selectedId, doc]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key in NUDGE) {
      event.preventDefault();
      const target = selectedId && selectedId !== PROFILE_ID ? selectedId : null;
      if (!target) {
        const first = doc.images[0];
        if (!selectedId && first) dispatch({ type: "select", id: first.id });
        return;
      }
      const [dx, dy] = NUDGE[event.key as keyof typeof NUDGE];
      const step = event.shiftKey ? 10 : 1;
      dispatch({ type: "nudge", id: target, dx: dx * step, dy: dy * step });
    } else if ((event.key === "Delete" || event.key === "Backspace") && selectedId) {
      event.preventDefault();
      dispatch({ type: "removeImage", id: selectedId });
    } else if (event.key === "Escape" && selectedId) {
      dispatch({ type: "select", id: null });
    }
  };

  const deselectOnBackground = (event: KonvaEventObject<PointerEvent>) => {
    if (event.target === event.target.getStage() || event.target.name() === "background") {
      dispatch({ type: "select", id: null });
    }
  };

  return (
    <div ref={ref} className="w-full min-w-0">
      <div
        role="application"
        aria-label="Montage canvas"
        aria-describedby={props.describedBy}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas is an editor widget that takes keys
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="montage-canvas"
        className="mx-auto touch-none overflow-hidden rounded-xl shadow-inner ring-1 ring-slate-900/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        style={{ width: CANVAS.width * scale, height: CANVAS.height * scale }}
      >
        <Stage
          width={CANVAS.width * scale}
          height={CANVAS.height * scale}
          scaleX={scale}
          scaleY={scale}
          onPointerDown={deselectOnBackground}
        >
          <Layer ref={props.layerRef}>
            <Rect name="background" width={CANVAS.width} height={CANVAS.height} fill="#0f172a" />
            {doc.images.map((image) => (
              <DraggableImage
                key={image.id}
                image={image}
                picture={pictures.get(urlOf.get(image.sourceId) ?? "")}
                dispatch={dispatch}
                dragLayerRef={dragLayerRef}
              />
            ))}
            {doc.profile ? (
              <MontageProfile
                profile={doc.profile}
                picture={pictures.get(doc.profile.url)}
                onSelect={() => dispatch({ type: "select", id: PROFILE_ID })}
              />
            ) : null}
            <MontageTexts text={doc.text} name={props.name} domain={props.domain} />
          </Layer>
          <Layer ref={dragLayerRef} />
          <Layer listening={false}>
            <Transformer
              ref={frameRef}
              resizeEnabled={false}
              rotateEnabled={false}
              borderStroke="#38bdf8"
              borderStrokeWidth={3}
              borderDash={[8, 4]}
            />
          </Layer>
        </Stage>
      </div>
    </div>
  );
}

type DraggableImageProps = {
  image: CanvasImage;
  picture: PreparedImage | undefined;
  dispatch: (action: EditorAction) => void;
  /** Where an image is drawn while it is dragged, so each frame redraws it alone, not all sixty. */
  dragLayerRef: RefObject<Konva.Layer | null>;
};

/** One canvas image; (x, y) in the document is its top-left corner, and it turns about its centre. */
function DraggableImage({ image, picture, dispatch, dragLayerRef }: DraggableImageProps) {
  const halfWidth = image.width / 2;
  const halfHeight = image.height / 2;
  const size = picture ? pictureSize(picture) : null;

  const home = useRef<{ layer: Konva.Layer | null; index: number } | null>(null);
  const clamped = (node: Konva.Node) => clampPosition(node.x() - halfWidth, node.y() - halfHeight);

  return (
    <Image
      id={image.id}
      image={picture}
      x={image.x + halfWidth}
      y={image.y + halfHeight}
      offsetX={halfWidth}
      offsetY={halfHeight}
      width={image.width}
      height={image.height}
      rotation={image.rotation}
      crop={size ? coverCrop(size.width, size.height, image.width, image.height) : undefined}
      fill={picture ? undefined : "#334155"}
      stroke="white"
      strokeWidth={2}
      perfectDrawEnabled={false}
      shadowForStrokeEnabled={false}
      draggable
      onPointerDown={() => dispatch({ type: "select", id: image.id })}
      onDragStart={(event) => {
        const node = event.target;
        const dragLayer = dragLayerRef.current;
        if (!dragLayer) return;
        home.current = { layer: node.getLayer(), index: node.zIndex() };
        node.moveTo(dragLayer);
      }}
      onDragMove={(event) => {
        const position = clamped(event.target);
        event.target.position({ x: position.x + halfWidth, y: position.y + halfHeight });
      }}
      onDragEnd={(event) => {
        const node = event.target;
        // Back in its place among the others before React looks at the tree again.
        if (home.current?.layer) {
          node.moveTo(home.current.layer);
          node.zIndex(home.current.index);
          home.current = null;
        }
        dispatch({ type: "move", id: image.id, ...clamped(event.target) });
      }}
    />
  );
}
