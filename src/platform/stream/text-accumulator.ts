/**
 * Turns `content` fields into new text, whether the platform sends deltas or the whole text so far
 * (it does not say which, and it may differ by operation). Text is never emitted twice.
 *
 * The second non-empty content decides: if it starts with the first, the stream is cumulative and only the
 * part after the text so far is new; otherwise it is a delta stream. Afterwards:
 * - cumulative: content that extends the text adds its suffix; a shorter restatement adds nothing; content
 *   that contradicts the text is a revision of text already sent (which cannot be taken back) and adds
 *   nothing, unless the stream was judged cumulative on a single short coincidence (a delta like "**Bold"
 *   after "*"): then it is re-judged a delta stream and the content is appended;
 * - delta: content is appended, except a restatement of the whole answer so far (at least
 *   RESTATEMENT_MIN_CHARS long), which some servers send in their final event: only its suffix is new.
 * Known limit: a delta stream whose second chunk exactly repeats the first ("ha", "ha") loses that chunk.
 */
const RESTATEMENT_MIN_CHARS = 16;
/** extensions after which a contradiction is a revision rather than proof that the guess was wrong */
const CONFIRMED_EXTENSIONS = 2;

export class TextAccumulator {
  private emitted = '';
  private mode: 'unknown' | 'cumulative' | 'delta' = 'unknown';
  private extensions = 0;

  /** The whole text emitted so far. */
  get text(): string {
    return this.emitted;
  }

  /** The new text this content adds ('' when none). */
  push(content: string | null | undefined): string {
    if (!content) return '';
    if (!this.emitted) return this.append(content);
    const extendsText = content.startsWith(this.emitted);
    switch (this.mode) {
      case 'unknown':
        if (!extendsText) return this.judgeDelta(content);
        if (content.length > this.emitted.length) this.mode = 'cumulative';
        return this.takeSuffix(content);
      case 'cumulative':
        if (extendsText) return this.takeSuffix(content);
        if (this.emitted.startsWith(content) || this.extensions >= CONFIRMED_EXTENSIONS) return '';
        return this.judgeDelta(content);
      case 'delta':
        if (extendsText && this.emitted.length >= RESTATEMENT_MIN_CHARS) return this.takeSuffix(content);
        return this.append(content);
    }
  }

  private judgeDelta(content: string): string {
    this.mode = 'delta';
    return this.append(content);
  }

  private append(content: string): string {
    this.emitted += content;
    return content;
  }

  private takeSuffix(content: string): string {
    const added = content.slice(this.emitted.length);
    if (added) this.extensions += 1;
    this.emitted = content;
    return added;
  }
}
