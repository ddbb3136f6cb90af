import type { Locale } from '#common/constants.ts';
import { OPERATOR_ROLES, type OperatorRole } from '#server/db/schema/operators.ts';
import { layout, messageHtml, utcTimeHtml } from '#server/features/admin/html.ts';
import { adminText, roleName } from '#server/features/admin/texts.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { ListedOperator } from './data.ts';
import { type OperatorsText, operatorsText } from './texts.ts';

/** The operators screen's pages: the list with the form that adds one, an operator's page, the one-time secrets. */

export type PageMessage = { kind: 'status' | 'alert'; text: OperatorsText };

const translator =
  (locale: Locale) =>
  (key: OperatorsText, vars?: Record<string, string>): string =>
    escapeHtml(operatorsText(locale, key, vars));

const rolesOf = (locale: Locale, roles: readonly OperatorRole[]) =>
  escapeHtml(roles.map((r) => roleName(locale, r)).join(', '));

const hidden = (token: string, key: string) =>
  `<input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="key" value="${escapeHtml(key)}">`;

const message = (locale: Locale, m: PageMessage | null) =>
  m ? messageHtml(m.kind, operatorsText(locale, m.text)) : '';

/** Checkboxes of the roles, those in `checked` ticked. */
function roleChecks(locale: Locale, checked: readonly string[], invalid: boolean): string {
  const t = translator(locale);
  const boxes = OPERATOR_ROLES.map(
    (r) =>
      `<label class="check"><input type="checkbox" name="role_${r}" value="1"${checked.includes(r) ? ' checked' : ''}> <span><strong>${escapeHtml(roleName(locale, r))}</strong>: ${t(`role_${r}_hint`)}</span></label>`,
  ).join('');
  return `<fieldset${invalid ? ' aria-describedby="notice"' : ''}><legend>${t('roles')}</legend>${boxes}</fieldset>`;
}

export type CreateDraft = { email: string; name: string; roles: string[] };

/** Every operator, and the form that adds one. */
export function operatorsListPage(opts: {
  locale: Locale;
  rows: ListedOperator[];
  selfId: number;
  message: PageMessage | null;
  token: string;
  formKey: string;
  draft: CreateDraft;
}): string {
  const { locale } = opts;
  const t = translator(locale);
  const line = (o: ListedOperator) => {
    const you = o.id === opts.selfId ? ` ${t('you')}` : '';
    return `<tr><td><a href="/admin/operators/${o.id}" aria-label="${t('manage', { name: o.displayName })}">${escapeHtml(o.displayName)}</a>${you}</td>
<td data-label="${t('colEmail')}">${escapeHtml(o.email)}</td><td data-label="${t('colRoles')}">${rolesOf(locale, o.roles)}</td><td data-label="${t('colStatus')}">${t(o.disabled ? 'disabled' : 'enabled')}</td><td data-label="${t('colLastSignIn')}">${o.lastSignInAt ? utcTimeHtml(o.lastSignInAt) : t('never')}</td></tr>`;
  };
  const alert = opts.message?.kind === 'alert';
  const body = `<p><a href="/admin">${escapeHtml(adminText(locale, 'backToConsole'))}</a></p><h1>${t('title')}</h1><p>${t('intro')}</p>
${message(locale, opts.message)}
<div class="scroll"><table class="stack"><thead><tr><th scope="col">${t('colName')}</th><th scope="col">${t('colEmail')}</th><th scope="col">${t('colRoles')}</th><th scope="col">${t('colStatus')}</th><th scope="col">${t('colLastSignIn')}</th></tr></thead>
<tbody>${opts.rows.map(line).join('\n')}</tbody></table></div>
<h2 id="create">${t('createTitle')}</h2><p class="hint">${t('createHint')}</p>
<form method="post" action="/admin/operators">${hidden(opts.token, opts.formKey)}
<div class="field"><label for="email">${t('email')}</label><input id="email" name="email" type="email" maxlength="254" autocomplete="off" required value="${escapeHtml(opts.draft.email)}"${alert ? ' aria-describedby="notice"' : ''}></div>
<div class="field"><label for="name">${t('name')}</label><input id="name" name="name" type="text" maxlength="100" autocomplete="off" required value="${escapeHtml(opts.draft.name)}" aria-describedby="name-hint"><p id="name-hint" class="hint">${t('nameHint')}</p></div>
${roleChecks(locale, opts.draft.roles, alert)}
<button type="submit">${t('createSubmit')}</button></form>`;
  return layout(locale, t('title'), body, { wide: true });
}

/** One operator: her roles, access and sign-in details, each its own form. */
export function operatorPage(opts: {
  locale: Locale;
  operator: ListedOperator;
  message: PageMessage | null;
  token: string;
  formKey: () => string;
  roles?: string[];
}): string {
  const { locale, operator: o } = opts;
  const t = translator(locale);
  const base = `/admin/operators/${o.id}`;
  const form = (action: string, inner: string) =>
    `<form method="post" action="${base}/${action}">${hidden(opts.token, opts.formKey())}${inner}</form>`;
  const facts = t('detailFacts', {
    email: o.email,
    created: o.createdAt.toISOString().slice(0, 10),
    last: o.lastSignInAt
      ? `${o.lastSignInAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
      : operatorsText(locale, 'never'),
  });
  const access = o.disabled
    ? `<p>${t('statusDisabled')}</p>${form('enable', `<button type="submit">${t('enableSubmit')}</button>`)}`
    : `<p>${t('statusEnabled')}</p>${form('disable', `<button type="submit">${t('disableSubmit')}</button>`)}`;
  const body = `<p><a href="/admin/operators">${t('backToList')}</a></p><h1>${t('detailTitle', { name: o.displayName })}</h1>
<p>${facts}</p>${message(locale, opts.message)}
${form('roles', `${roleChecks(locale, opts.roles ?? o.roles, opts.message?.kind === 'alert')}<button type="submit">${t('rolesSubmit')}</button>`)}
<h2>${t('statusTitle')}</h2>${access}
<h2>${t('credentialsTitle')}</h2><p class="hint">${t('credentialsHint')}</p>
<div class="actions">${form('totp', `<button type="submit">${t('totpSubmit')}</button>`)}${form('password', `<button type="submit">${t('passwordSubmit')}</button>`)}</div>`;
  return layout(locale, t('detailTitle', { name: o.displayName }), body, { wide: true });
}

/** Secrets shown once: a new operator's password and key, or one renewed. */
export function secretsPage(opts: {
  locale: Locale;
  title: OperatorsText;
  note: string;
  operator: { id: number; displayName: string };
  password?: string;
  totp?: { secret: string; uri: string };
}): string {
  const { locale, operator } = opts;
  const t = translator(locale);
  const title = t(opts.title, { name: operator.displayName });
  const secret = (label: OperatorsText, id: string, value: string) =>
    `<h2 id="${id}-label">${t(label)}</h2><code class="secret" id="${id}" aria-labelledby="${id}-label">${escapeHtml(value)}</code>`;
  const body = `<h1>${title}</h1><p class="notice alert" role="alert">${escapeHtml(opts.note)}</p>
${opts.password ? secret('password', 'password', opts.password) : ''}
${opts.totp ? `${secret('totpKey', 'totp-key', opts.totp.secret)}${secret('totpUri', 'totp-uri', opts.totp.uri)}<p class="hint">${t('totpHint')}</p>` : ''}
<p><a href="/admin/operators/${operator.id}">${t('backToOperator', { name: operator.displayName })}</a></p><p><a href="/admin/operators">${t('backToList')}</a></p>`;
  return layout(locale, title, body, { wide: true });
}
