/**
 * The one stylesheet of the sandbox providers' pages (served as /sandbox/kit.css): readable on a
 * phone, a visible focus ring on everything that takes it, and a look per simulated company
 * (`data-look` on the body sets its colours), so each still reads as another company's page.
 */
export const SANDBOX_STYLESHEET = `
:root{--accent:rgb(36 75 107);--on-accent:white;--ink:rgb(29 39 51);--muted:rgb(74 86 99);--page:rgb(238 241 244);--card:white;--line:rgb(200 206 212);--bad:rgb(179 38 30);--bad-bg:rgb(252 232 230);--good-bg:rgb(230 244 234);--focus:rgb(245 166 35)}
[data-look=psp]{--accent:rgb(29 78 216);--page:rgb(243 244 246);--ink:rgb(17 24 39)}
[data-look=idcheck]{--accent:rgb(52 70 60)}
[data-look=phone]{--accent:rgb(46 139 87);--page:whitesmoke;--ink:black}
[data-look=studio]{--accent:rgb(84 44 110);--page:rgb(240 242 245)}
[data-look=partner]{--accent:rgb(92 63 140);--page:rgb(20 24 33);--card:rgb(20 24 33);--ink:rgb(236 239 244);--muted:rgb(190 197 209)}
[data-look=outbox]{--accent:rgb(60 64 72);--page:white}
*,*::before,*::after{box-sizing:border-box}
body{font-family:system-ui,sans-serif;font-size:1rem;line-height:1.45;margin:0;background:var(--page);color:var(--ink)}
.banner{background:var(--accent);color:var(--on-accent);padding:.6rem 1rem;font-size:.9rem}
main{max-width:34rem;margin:1rem auto;background:var(--card);border-radius:10px;padding:1.25rem;box-shadow:0 1px 4px rgb(0 0 0 / 15%)}
body.wide main{max-width:52rem}
.provider{font-size:.85rem;color:var(--muted);margin:0 0 .75rem;font-weight:600;letter-spacing:.02em}
h1{font-size:1.3rem;margin:0 0 .5rem}
h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
p{margin:.5rem 0}
a{color:var(--accent)}
label{display:block;font-weight:600;margin:1rem 0 .3rem}
input,select,textarea{font:inherit;max-width:100%;padding:.55rem;border:1px solid rgb(137 149 163);border-radius:6px;background:white;color:rgb(17 24 39)}
input:not([type=radio]):not([type=checkbox]):not([type=hidden]),select{width:100%}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
[aria-invalid=true]{border-color:var(--bad)}
.error{color:var(--bad);font-size:.9rem;margin:.3rem 0 0}
button,.link{display:inline-block;font:inherit;font-weight:600;padding:.65rem 1.1rem;margin:.75rem .5rem 0 0;border:0;border-radius:6px;background:var(--accent);color:var(--on-accent);cursor:pointer;text-decoration:none;min-height:44px}
button.secondary,button.cancel,.link{background:rgb(225 228 233);color:rgb(28 32 38)}
button.off{background:rgb(170 40 40);color:white}
button:disabled{opacity:.6;cursor:default}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
form{margin:0}
[data-look=phone] form{display:inline-block;margin-right:.5rem}
.note,.hint,.hints,.count{color:var(--muted);font-size:.9rem}
.hints{background:rgb(246 248 250);border-radius:6px;padding:.5rem .75rem .5rem 1.75rem}
.alert,.notice.alert{color:rgb(130 20 20);background:var(--bad-bg);padding:.6rem .8rem;border-radius:6px}
.notice{padding:.6rem .8rem;border-radius:6px;background:var(--good-bg)}
.price{border-left:4px solid darkorange;padding:.5rem .75rem;background:oldlace;color:black}
.state{font-weight:600;margin:1rem 0 .5rem}
.state.on{color:rgb(20 120 50)}
.state.on::before{content:'';display:inline-block;width:.6rem;height:.6rem;border-radius:50%;background:rgb(20 150 60);margin-right:.4rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem .75rem;margin:0 0 1rem}
dt{color:var(--muted)}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
fieldset{border:1px solid var(--line);border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
legend{font-weight:600}
.choice{display:flex;gap:.5rem;align-items:baseline;margin:.5rem 0}.choice label{margin:0;font-weight:400}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;vertical-align:top;padding:.5rem;border-bottom:1px solid var(--line)}
td form{display:inline-block}
.search{display:flex;gap:.5rem;flex-wrap:wrap;align-items:end;margin:1rem 0}.search label{margin:0 0 .25rem}.search button{margin-top:0}
.calls{list-style:none;padding:0}.calls li{padding:.5rem 0;border-bottom:1px solid var(--line)}.calls form{display:inline-block}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:rgb(246 248 250);padding:.5rem;border-radius:6px}
code{font-size:.9em}
body.full{height:100vh;display:flex;flex-direction:column}
body.full main{flex:1;display:flex;flex-direction:column;gap:.75rem;margin:0;max-width:none;border-radius:0;box-shadow:none;min-height:0}
.stage{flex:1;min-height:180px;background:black;border-radius:6px;overflow:hidden;display:flex;align-items:center;justify-content:center}
.stage video,.stage img{width:100%;height:100%;object-fit:contain}
body.widget{background:transparent}
body.widget main{margin:0;padding:0;background:transparent;box-shadow:none;max-width:none}
.box{height:76px;max-width:302px;display:flex;align-items:center;gap:.75rem;padding:0 .75rem;border:1px solid rgb(211 211 211);border-radius:3px;background:rgb(249 249 249);color:rgb(34 34 34)}
.box button{width:28px;height:28px;min-height:0;flex:none;margin:0;padding:0;border:2px solid rgb(193 193 193);border-radius:2px;background:white;font-size:20px;line-height:1;color:rgb(0 135 62)}
.box button[aria-checked=true]{border-color:rgb(0 135 62)}
.box label{flex:1;font-size:14px;font-weight:400;margin:0}
.box small{display:block;font-size:10px;color:rgb(85 85 85);margin-top:2px}
@media (max-width:40rem){
main{margin:0;border-radius:0;box-shadow:none;padding:1rem}
.row{grid-template-columns:1fr}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
table,tbody,tr,td{display:block}tr{border-bottom:1px solid var(--line);padding:.5rem 0}td{border:0;padding:.25rem 0}
}
`;
