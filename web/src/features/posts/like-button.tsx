import { Heart } from "lucide-react";
import { type CSSProperties, useEffect, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";

type FloatingHeart = { id: number; drift: number; delay: number; size: number };

const HEART_COUNT = 6;
const HEART_LIFETIME_MS = 1_500;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/** Like, with a burst of floating hearts (none when the member prefers reduced motion). Local only. */
export function LikeButton() {
  const [liked, setLiked] = useState(false);
  const [hearts, setHearts] = useState<FloatingHeart[]>([]);
  const nextId = useRef(0);
  const timers = useRef<number[]>([]);

  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  const burst = () => {
    const fresh = Array.from({ length: HEART_COUNT }, () => ({
      id: nextId.current++,
      drift: Math.round(Math.random() * 70 - 35),
      delay: Math.round(Math.random() * 250),
      size: 14 + Math.round(Math.random() * 10),
    }));
    setHearts((current) => [...current, ...fresh]);
    const ids = new Set(fresh.map((heart) => heart.id));
    timers.current.push(
      window.setTimeout(
        () => setHearts((current) => current.filter((heart) => !ids.has(heart.id))),
        HEART_LIFETIME_MS,
      ),
    );
  };

  const toggle = () => {
    const next = !liked;
    setLiked(next);
    if (next && !prefersReducedMotion()) burst();
  };

  return (
    <span className="relative inline-flex">
      <Button variant="outline" aria-pressed={liked} onClick={toggle}>
        <Heart aria-hidden="true" className={cn(liked && "fill-red-500 text-red-500")} />
        Like
      </Button>
      {hearts.map((heart) => (
        <Heart
          key={heart.id}
          aria-hidden="true"
          className="pointer-events-none absolute bottom-full left-1/2 animate-float-heart fill-red-500 text-red-500 opacity-0"
          style={
            {
              "--heart-drift": `${heart.drift}px`,
              animationDelay: `${heart.delay}ms`,
              width: heart.size,
              height: heart.size,
            } as CSSProperties
          }
        />
      ))}
    </span>
  );
}
