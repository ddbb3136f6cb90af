import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { SANDBOX_DOCUMENTS } from './sandbox.ts';

/** What the person entered, as typed (shown again next to the errors). */
export type SandboxForm = { document: string; birth_date: string; document_number: string; expiry_date: string };
export type SandboxFormErrors = Partial<Record<keyof SandboxForm, string>>;

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:rgb(238 241 244);color:rgb(29 39 51)}
.banner{background:rgb(36 75 107);color:white;padding:.75rem 1rem;font-size:.9rem}
main{max-width:32rem;margin:1.5rem auto;background:white;border-radius:8px;padding:1.25rem;box-shadow:0 1px 4px rgb(0 0 0 / 13%)}
h1{font-size:1.35rem;margin:0 0 .5rem}
label{display:block;font-weight:600;margin:1rem 0 .3rem}
input,select{width:100%;box-sizing:border-box;font:inherit;padding:.55rem;border:1px solid rgb(137 149 163);border-radius:4px}
[aria-invalid=true]{border-color:rgb(179 38 30)}
.error{color:rgb(179 38 30);font-size:.9rem;margin:.3rem 0 0}
button{margin-top:1.5rem;width:100%;font:inherit;font-weight:600;padding:.7rem;border:0;border-radius:4px;background:rgb(36 75 107);color:white;cursor:pointer}
button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid rgb(245 166 35);outline-offset:2px}
.hints{font-size:.85rem;color:rgb(74 86 99);background:rgb(246 248 250);border-radius:4px;padding:.5rem .75rem .5rem 1.75rem}
`;

function layout(locale: Locale, title: string, body: string) {
  const t = (key: string) => escapeHtml(translate(locale, key));
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><div class="banner" role="note">${t('avs.sandbox.banner')}</div><main>${body}</main></body></html>`;
}

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
  return layout(locale, translate(locale, 'avs.sandbox.title'), body);
}

/** A token that is forged, damaged or older than an hour. */
export function expiredPage(locale: Locale): string {
  const t = (key: string) => escapeHtml(translate(locale, key));
  return layout(
    locale,
    translate(locale, 'avs.sandbox.expired_title'),
    `<h1>${t('avs.sandbox.expired_title')}</h1><p>${t('avs.sandbox.expired_text')}</p>`,
  );
}
