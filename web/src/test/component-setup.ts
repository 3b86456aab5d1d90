import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Each component test starts from an empty document: what one rendered is unmounted after it.
afterEach(() => cleanup());
