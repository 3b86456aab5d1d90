import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { Input, type InputProps } from "#web/components/ui/input.tsx";

export type PasswordInputProps = Omit<InputProps, "type"> & {
  /** Accessible name of the toggle, completed with "Show " / "Hide ", e.g. "password confirmation". */
  toggleLabel: string;
};

/** A password input with a show/hide button. */
export function PasswordInput({ toggleLabel, className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? "text" : "password"} className={`pr-11 ${className ?? ""}`} {...props} />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={`${visible ? "Hide" : "Show"} ${toggleLabel}`}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800"
      >
        {visible ? (
          <EyeOff className="size-4" aria-hidden="true" />
        ) : (
          <Eye className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
