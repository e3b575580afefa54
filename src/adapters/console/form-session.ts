/**
 * A form asked at the prompt, one field at a time: the current value is shown and Enter keeps it; `-` empties an
 * optional field; multiline text ends with a line holding only `.`; checkboxes take numbers like `1 3`; read-only
 * fields are shown and kept. Each answer returns what to print next, until the fields are complete.
 */
import type { FormField, FormSpec } from '../../core/message.js';
import { translatorFor, type Translate } from '../../i18n/index.js';
import { ownNumberDropped, parseNumbers } from './choices.js';
import { renderInline } from './inline-terminal.js';
import type { LayoutOptions } from './markdown-terminal.js';
import { wrapText } from './markdown-terminal.js';

export type FormValues = Record<string, string | string[]>;
export type FormTurn = { lines: string[]; prompt: string; fields?: undefined } | { lines: string[]; fields: FormValues };

const asText = (initial: FormField['initial']): string => (Array.isArray(initial) ? initial.join(', ') : (initial ?? ''));
const asList = (initial: FormField['initial']): string[] => (Array.isArray(initial) ? initial : initial ? [initial] : []);

export class FormSession {
  private index = -1;
  private readonly values: FormValues = {};
  private multiline: string[] | undefined;
  /** the form is asked in its own language */
  private readonly t: Translate;

  constructor(
    readonly form: FormSpec,
    private readonly layout: LayoutOptions,
  ) {
    this.t = translatorFor(form.lang);
  }

  /** The field being asked holds a secret: its answer must not be echoed. */
  get secretField(): boolean {
    return this.form.fields[this.index]?.secret === true;
  }

  begin(): FormTurn {
    const { t } = this;
    const { style } = this.layout;
    const outcome = this.form.outcome ?? t('console:form.outcome', { label: this.form.submitLabel });
    const problem = this.form.problem ? wrapText(style.danger(this.form.problem), this.layout) : [];
    return this.advance([style.bold(this.form.title), ...problem, ...wrapText(style.dim(t('console:form.intro', { outcome })), this.layout)]);
  }

  answer(line: string): FormTurn {
    const field = this.form.fields[this.index];
    if (!field) return this.advance([]);
    if (field.kind === 'multiline') return this.answerMultiline(field, line);
    if (field.kind === 'checkboxes') return this.answerCheckboxes(field, line);
    return this.accept(field, line === '' ? asText(field.initial) : line.trim() === '-' ? '' : line);
  }

  private answerMultiline(field: FormField, line: string): FormTurn {
    if (this.multiline === undefined && line === '') return this.accept(field, asText(field.initial));
    if (this.multiline === undefined && line.trim() === '-') return this.accept(field, '');
    if (line.trim() === '.') {
      const text = (this.multiline ?? []).join('\n');
      this.multiline = undefined;
      return this.accept(field, text);
    }
    this.multiline = [...(this.multiline ?? []), line];
    return { lines: [], prompt: `${field.label} …> ` };
  }

  private answerCheckboxes(field: FormField, line: string): FormTurn {
    const { t } = this;
    const options = field.options ?? [];
    if (line.trim() === '') return this.accept(field, asList(field.initial));
    if (line.trim() === '-') return this.accept(field, []);
    const numbers = parseNumbers(line);
    if (!numbers || numbers.some((n) => n < 1 || n > options.length)) {
      return { lines: [this.layout.style.danger(t('console:form.numbersFromTo', { max: options.length }))], prompt: `${field.label}> ` };
    }
    return this.accept(
      field,
      [...new Set(numbers)].sort((a, b) => a - b).map((n) => options[n - 1]?.value ?? ''),
    );
  }

  private accept(field: FormField, value: string | string[]): FormTurn {
    const { t } = this;
    const empty = Array.isArray(value) ? value.length === 0 : value.trim() === '';
    const problem =
      empty && !field.optional
        ? t('console:form.required', { label: field.label })
        : typeof value === 'string' && field.maxLength !== undefined && value.length > field.maxLength
          ? t('console:form.tooLong', { label: field.label, max: field.maxLength, length: value.length })
          : undefined;
    if (problem) return { ...this.question(field), lines: [this.layout.style.danger(problem)] };
    this.values[field.id] = value;
    return this.advance([]);
  }

  private advance(lines: string[]): FormTurn {
    const { t } = this;
    const { style } = this.layout;
    for (this.index += 1; this.index < this.form.fields.length; this.index += 1) {
      const field = this.form.fields[this.index];
      if (!field) continue;
      if (field.kind !== 'readonly') {
        const next = this.question(field);
        return { lines: [...lines, ...next.lines], prompt: next.prompt };
      }
      this.values[field.id] = field.initial ?? '';
      const label = style.bold(t('console:fieldLabel', { label: field.label }));
      lines.push(...wrapText(`${label} ${renderInline(asText(field.initial), style, t)}`, this.layout, '', '  '));
    }
    return { lines: [...lines, style.dim(`✓ ${this.form.submitLabel}`)], fields: this.values };
  }

  private question(field: FormField): { lines: string[]; prompt: string } {
    const { t } = this;
    const { style } = this.layout;
    const saysOptional = /\(optional\)|[(（](?:选填|可选)[)）]/i.test(field.label);
    const notes = [
      field.optional && !saysOptional ? t('console:form.optional') : '',
      field.maxLength ? t('console:form.atMost', { max: field.maxLength }) : '',
    ].filter(Boolean);
    const head = `${style.bold(field.label)}${notes.length ? style.dim(t('console:form.notes', { notes: notes.join(t('console:form.noteSeparator')) })) : ''}`;
    if (field.kind === 'checkboxes') {
      const ticked = new Set(asList(field.initial));
      const options = (field.options ?? []).map(
        (o, i) => `  ${i + 1}. [${ticked.has(o.value) ? 'x' : ' '}] ${renderInline(ownNumberDropped(o.label, i), style, t)}`,
      );
      return {
        lines: [head, ...options, style.dim(field.optional ? t('console:form.tickOptional') : t('console:form.tick'))],
        prompt: `${field.label}> `,
      };
    }
    const current = asText(field.initial);
    const shown = current.includes('\n')
      ? [style.dim(`  ${t('console:form.current')}`), ...current.split('\n').flatMap((l) => wrapText(style.dim(l), this.layout, '    '))]
      : wrapText(style.dim(t('console:form.currentValue', { value: current === '' ? t('console:form.empty') : current })), this.layout, '  ', '    ');
    const clearable = field.optional && current !== '';
    const how =
      field.kind === 'multiline'
        ? t(clearable ? 'console:form.multilineOptional' : 'console:form.multiline')
        : t(clearable ? 'console:form.singleOptional' : 'console:form.single');
    return { lines: [head, ...shown, style.dim(how)], prompt: `${field.label}> ` };
  }
}
