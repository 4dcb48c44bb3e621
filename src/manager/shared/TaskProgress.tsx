import { ProgressBar } from '@blueprintjs/core';
import './shared.css';

/** The running state of a polled job's pop-up (open model, report): the 202's text, a bar and the percentage. */
export function TaskProgress({ text, pct }: { text: string; pct: number }) {
  return (
    <div aria-live="polite">
      <p>{text}</p>
      {/* 0 % is a queued job: the bar moves without a value until the job reports one */}
      <ProgressBar intent="primary" value={pct > 0 ? pct / 100 : undefined} aria-label="Voortgang" />
      {pct > 0 && <p className="gs-muted gs-task-pct">{pct} %</p>}
    </div>
  );
}
