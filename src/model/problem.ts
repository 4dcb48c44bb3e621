// A problem found in a model's data. Its own module, beneath the checks that find problems (validate.ts,
// phaseWindow.ts, the engine), so each can name it without importing the others.

export interface Problem {
  /** Dotted path into the model data, e.g. `cost_estimate[2].estimate.date`. */
  path: string;
  /** Dutch message for the user. */
  message: string;
}
