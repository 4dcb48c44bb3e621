import { action, makeObservable, observable } from 'mobx';
import type { ComparedModel, VarianceAnswer, VarianceChoices } from '../../api/contract/variance.ts';
import { messageOf } from '../../api/http.ts';
import { Resource, type ErrorToaster } from '../../app/resource.ts';
import { Submission, type WriteToaster } from '../../app/submission.ts';

/** What the store asks the server (src/api/variance.ts; a fake in the tests). */
export interface VarianceStoreApi {
  choices(id: number): Promise<VarianceChoices>;
  get(id: number, against?: number): Promise<VarianceAnswer>;
}

/** Where the export's workbook goes (the browser's download; a fake in the tests). */
export type SaveFile = (answer: VarianceAnswer) => Promise<void>;

export const LOAD_CHOICES_FAILED = 'Fout bij het laden van de rekenmodellen om mee te vergelijken.';
export const LOAD_FAILED = 'Fout bij het laden van de verschillenanalyse.';
export const EXPORT_FAILED = 'Fout bij het exporteren naar Excel.';

/**
 * One visit of the Verschillenanalyse screen for model B (`modelId`): first what it can be compared with
 * (fast, so the models compared are in view at once), then the figures against the chosen model A or B's
 * default comparison (seconds for a large model). Figures of another comparison are never shown for this
 * one: a choice made while an answer is under way waits for its own.
 */
export class VarianceStore {
  readonly choices: Resource<VarianceChoices>;
  readonly figures: Resource<VarianceAnswer>;
  readonly exporting: Submission;
  /** Model A as the address names it; undefined: B's default comparison. */
  against: number | undefined = undefined;
  /** Why the computation of this comparison was refused (also told as a toast). */
  problem: string | null = null;

  constructor(readonly modelId: number, toasts: WriteToaster & ErrorToaster, private readonly api: VarianceStoreApi, private readonly saveFile: SaveFile) {
    this.choices = new Resource(toasts, LOAD_CHOICES_FAILED, { loading: true });
    this.figures = new Resource(toasts, LOAD_FAILED);
    this.exporting = new Submission(toasts);
    makeObservable<VarianceStore, 'refused'>(this, { against: observable, problem: observable, refused: action });
  }

  /** Loads the choices, then the figures of `against` (undefined: the default comparison, when there is one). */
  async open(against: number | undefined): Promise<void> {
    this.setAgainst(against);
    const choices = this.choices.value ?? await this.choices.load(() => this.api.choices(this.modelId));
    if (!choices || (against === undefined && !choices.default_against)) return;
    await this.figures.load(() => this.api.get(this.modelId, against).catch((e: unknown) => {
      this.refused(against, messageOf(e, LOAD_FAILED));
      throw e;
    }));
  }

  private setAgainst = action((against: number | undefined) => {
    this.against = against;
    this.problem = null;
  });

  private refused(against: number | undefined, text: string) {
    if (this.against === against) this.problem = text;
  }

  /** Model B as the server names it (null until the choices arrive). */
  get model(): ComparedModel | null {
    return this.choices.value?.model ?? null;
  }

  /** Model A: the one chosen, else the default comparison; null when there is none (or it is not known yet). */
  get againstModel(): ComparedModel | null {
    const c = this.choices.value;
    if (!c) return null;
    if (this.against === undefined) return c.default_against;
    return c.choices.find((m) => m.model_id === this.against) ?? this.shown?.against ?? null;
  }

  /** Why there is nothing to compare with: no choice made and no default comparison. */
  get noComparison(): string | null {
    return this.against === undefined ? this.choices.value?.no_default ?? null : null;
  }

  /** The figures of this comparison, or null while they are computed, refused or not asked for. */
  get shown(): VarianceAnswer | null {
    const v = this.figures.value;
    if (!v || this.figures.loading || this.problem) return null;
    const wanted = this.against ?? this.choices.value?.default_against?.model_id;
    return v.model.model_id === this.modelId && v.against.model_id === wanted ? v : null;
  }

  /** 'Exporteer naar Excel': the table as an xlsx. */
  exportXlsx(): Promise<boolean> {
    const answer = this.shown;
    if (!answer) return Promise.resolve(false);
    return this.exporting.run(() => this.saveFile(answer), { failure: EXPORT_FAILED });
  }
}
