import type { Context } from "konva/lib/Context";
import { Ellipse, Group, Image, Text } from "react-konva/lib/ReactKonvaCore";
import { coverCrop } from "./cover-crop.ts";
import { CANVAS, NAME_TEXT, WATERMARK_TEXT } from "./montage-constants.ts";
import type { ProfileImage, TextSettings } from "./montage-document.ts";
import { PROFILE_ID } from "./montage-document.ts";
import { centredRect } from "./montage-rules.ts";
import type { PreparedImage } from "./prepared-images.ts";

export function pictureSize(picture: PreparedImage) {
  return picture instanceof HTMLImageElement
    ? { width: picture.naturalWidth, height: picture.naturalHeight }
    : { width: picture.width, height: picture.height };
}

export type MontageProfileProps = {
  profile: ProfileImage;
  picture: PreparedImage | undefined;
  onSelect: () => void;
};

/** The profile picture: centred, cut to a circle (an ellipse when its width and height differ), ringed. */
export function MontageProfile({ profile, picture, onSelect }: MontageProfileProps) {
  const rect = centredRect(profile.width, profile.height);
  const size = picture ? pictureSize(picture) : null;
  const clip = (context: Context) => {
    context.beginPath();
    context.ellipse(rect.width / 2, rect.height / 2, rect.width / 2, rect.height / 2, 0, 0, Math.PI * 2);
    context.closePath();
  };
  return (
    <Group
      id={PROFILE_ID}
      x={rect.x}
      y={rect.y}
      width={rect.width}
      height={rect.height}
      onPointerDown={onSelect}
    >
      <Group clipFunc={clip}>
        <Image
          image={picture}
          width={rect.width}
          height={rect.height}
          crop={size ? coverCrop(size.width, size.height, rect.width, rect.height) : undefined}
          fill={picture ? undefined : "#334155"}
        />
      </Group>
      <Ellipse
        x={rect.width / 2}
        y={rect.height / 2}
        radiusX={rect.width / 2}
        radiusY={rect.height / 2}
        stroke="white"
        strokeWidth={5}
        listening={false}
      />
    </Group>
  );
}

export type MontageTextsProps = { text: TextSettings; name: string; domain: string };

/** The member's name (bold 32 px, outlined, centred near the bottom) and the watermark (16 px, bottom right). */
export function MontageTexts({ text, name, domain }: MontageTextsProps) {
  return (
    <>
      {name ? (
        <Text
          text={name}
          x={0}
          y={CANVAS.height - NAME_TEXT.bottomMargin - NAME_TEXT.fontSize}
          width={CANVAS.width}
          align="center"
          fontSize={NAME_TEXT.fontSize}
          fontStyle="bold"
          fontFamily={text.nameFont}
          fill={text.nameColour}
          stroke={NAME_TEXT.outlineColour}
          strokeWidth={NAME_TEXT.outlineWidth}
          fillAfterStrokeEnabled
          listening={false}
        />
      ) : null}
      <Text
        text={domain}
        x={0}
        y={CANVAS.height - WATERMARK_TEXT.margin - WATERMARK_TEXT.fontSize}
        width={CANVAS.width - WATERMARK_TEXT.margin}
        align="right"
        fontSize={WATERMARK_TEXT.fontSize}
        fontFamily={text.watermarkFont}
        fill={text.watermarkColour}
        listening={false}
      />
    </>
  );
}
