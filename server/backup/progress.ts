/** What an operator's command says as it works: one line per stage, and how far a long stage has come. */
export type Progress = {
  stage(line: string): void;
  step(done: number, total: number): void;
};

/** Lines on standard error (standard output stays free for what a command answers), each a tenth of a stage. */
export function printedProgress(
  write: (line: string) => void = (line) => process.stderr.write(line),
): Progress {
  let lastTenth = 0;
  return {
    stage(line) {
      lastTenth = 0;
      write(`tagit: ${line}\n`);
    },
    step(done, total) {
      const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
      if (tenth <= lastTenth || total < 100) return;
      lastTenth = tenth;
      write(
        `tagit:   ${Math.min(tenth * 10, 100)}% (${done.toLocaleString("en")} of ${total.toLocaleString("en")})\n`,
      );
    },
  };
}

export const silentProgress: Progress = { stage: () => {}, step: () => {} };
