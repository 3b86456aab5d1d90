import { Type } from "lucide-react";
import { useId } from "react";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { COLOURS, FONTS, WATERMARK_COLOURS } from "./montage-constants.ts";
import type { TextSettings } from "./montage-document.ts";
import { PanelSection } from "./panel-section.tsx";

export type TextSettingsPanelProps = { text: TextSettings; onChange: (text: Partial<TextSettings>) => void };

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

type ChoiceProps = {
  label: string;
  value: string;
  options: readonly string[];
  kind: "font" | "colour";
  onChange: (value: string) => void;
};

function Choice({ label, value, options, kind, onChange }: ChoiceProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {kind === "colour" ? (
                <span
                  className="size-3.5 shrink-0 rounded-full ring-1 ring-slate-400"
                  style={{ backgroundColor: option }}
                  aria-hidden="true"
                />
              ) : null}
              <span style={kind === "font" ? { fontFamily: option } : undefined}>
                {kind === "colour" ? capitalised(option) : option}
              </span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Fonts and colours of the name and the watermark, chosen from MONTAGE_FONTS and MONTAGE_COLOURS. */
export function TextSettingsPanel({ text, onChange }: TextSettingsPanelProps) {
  return (
    <PanelSection title="Text Settings" icon={Type}>
      <div className="grid grid-cols-2 gap-3">
        <Choice
          label="Name font"
          kind="font"
          value={text.nameFont}
          options={FONTS}
          onChange={(nameFont) => onChange({ nameFont })}
        />
        <Choice
          label="Name colour"
          kind="colour"
          value={text.nameColour}
          options={COLOURS}
          onChange={(nameColour) => onChange({ nameColour })}
        />
        <Choice
          label="Watermark font"
          kind="font"
          value={text.watermarkFont}
          options={FONTS}
          onChange={(watermarkFont) => onChange({ watermarkFont })}
        />
        <Choice
          label="Watermark colour"
          kind="colour"
          value={text.watermarkColour}
          options={WATERMARK_COLOURS}
          onChange={(watermarkColour) => onChange({ watermarkColour })}
        />
      </div>
    </PanelSection>
  );
}
