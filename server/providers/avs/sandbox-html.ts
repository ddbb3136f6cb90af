import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { sandboxPage } from '#server/http/sandbox-page-kit.ts';
import { SANDBOX_DOCUMENTS } from './sandbox.ts';

/** What the person entered, as typed (shown again next to the errors). */
export type SandboxForm = { document: string; birth_date: string; document_number: string; expiry_date: string };
export type SandboxFormErrors = Partial<Record<keyof SandboxForm, string>>;

/** The ID-check company's page around a body; its banner says it is a stand-in. */
const page = (locale: Locale, title: string, body: string) =>
  sandboxPage(locale, title, body, { look: 'avs', banner: translate(locale, 'avs.sandbox.banner') });

function field(
  locale: Locale,
  name: keyof SandboxForm,
  control: (attrs: string) => string,
  errors: SandboxFormErrors,
): string {
  const error = errors[name];
  const attrs = `id="${name}" name="${name}" required${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}`;
  return `<label for="${name}">${escapeHtml(translate(locale, `avs.sandbox.fields.${name}`))}</label>${control(attrs)}${
    error ? `<p class="error" id="${name}-error">${escapeHtml(translate(locale, error))}</p>` : ''
  }`;
}

/** The hosted check: choose the document, enter birth date, number and expiry, submit. */
export function checkPage(
  locale: Locale,
  action: string,
  form: SandboxForm = { document: 'id_card', birth_date: '', document_number: '', expiry_date: '' },
  errors: SandboxFormErrors = {},
): string {
  const t = (key: string) => escapeHtml(translate(locale, key));
  const value = (v: string) => `value="${escapeHtml(v)}"`;
  const options = SANDBOX_DOCUMENTS.map(
    (d) => `<option value="${d}"${form.document === d ? ' selected' : ''}>${t(`avs.sandbox.documents.${d}`)}</option>`,
  ).join('');
  const body = `<h1>${t('avs.sandbox.title')}</h1><p>${t('avs.sandbox.intro')}</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
${field(locale, 'document', (a) => `<select ${a}>${options}</select>`, errors)}
${field(locale, 'birth_date', (a) => `<input type="date" ${a} ${value(form.birth_date)} autocomplete="bday">`, errors)}
${field(locale, 'document_number', (a) => `<input type="text" ${a} ${value(form.document_number)} maxlength="20" autocomplete="off" spellcheck="false">`, errors)}
${field(locale, 'expiry_date', (a) => `<input type="date" ${a} ${value(form.expiry_date)}>`, errors)}
<button type="submit">${t('avs.sandbox.submit')}</button>
</form>
<p>${t('avs.sandbox.hints_title')}</p><ul class="hints"><li>${t('avs.sandbox.hints.underage')}</li><li>${t('avs.sandbox.hints.expired')}</li><li>${t('avs.sandbox.hints.fail')}</li></ul>`;
  return page(locale, translate(locale, 'avs.sandbox.title'), body);
}

/** A token that is forged, damaged or older than an hour. */
export function expiredPage(locale: Locale): string {
  const t = (key: string) => escapeHtml(translate(locale, key));
  return page(
    locale,
    translate(locale, 'avs.sandbox.expired_title'),
    `<h1>${t('avs.sandbox.expired_title')}</h1><p>${t('avs.sandbox.expired_text')}</p>`,
  );
}
