/** The pages' stylesheet, served as /static/app.css (kept in code so the built service carries it). */
export const styles = `
:root {
  color-scheme: light dark;
  --bg: #f6f7f9; --surface: #ffffff; --text: #1b1f24; --muted: #57606a; --border: #d0d7de;
  --accent: #0b5cad; --accent-text: #ffffff; --danger: #b42318; --danger-text: #ffffff;
  --ok-bg: #e7f5ec; --ok-border: #2e7d4f; --warn-bg: #fff6e0; --warn-border: #a86400;
  --err-bg: #fdecea; --err-border: #b42318; --focus: #1f6feb; --code-bg: #eef1f4;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 100%; line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1317; --surface: #171c22; --text: #e6edf3; --muted: #9aa6b2; --border: #30363d;
    --accent: #4493f8; --accent-text: #0a0d10; --danger: #f47067; --danger-text: #0a0d10;
    --ok-bg: #12261b; --ok-border: #3fb66b; --warn-bg: #2b2110; --warn-border: #d29922;
    --err-bg: #2d1517; --err-border: #f47067; --focus: #79b8ff; --code-bg: #0b0f13;
  }
}
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); }
a { color: var(--accent); text-underline-offset: 0.15em; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 3px; }
/* Elements focused by the script (messages, headings, main) are not controls: no focus ring. */
[tabindex="-1"]:focus { outline: none; }
.skip, .vh { position: absolute; left: -10000px; top: 0; width: 1px; height: 1px; overflow: hidden; }
.skip:focus { width: auto; height: auto; left: 1rem; top: 1rem; z-index: 10; background: var(--surface); padding: 0.5rem 0.75rem; }

.site-header { background: var(--surface); border-bottom: 1px solid var(--border); }
.site-header .bar { max-width: 48rem; margin: 0 auto; padding: 0.6rem 1rem; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; }
.brand { font-weight: 700; font-size: 1.15rem; color: var(--text); text-decoration: none; margin-right: auto; }
.site-nav { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.75rem; }
.site-nav a { padding: 0.35rem 0.2rem; }
.site-nav a[aria-current="page"] { font-weight: 700; color: var(--text); text-decoration-thickness: 2px; }
.site-nav form { margin: 0; }

main { max-width: 48rem; margin: 0 auto; padding: 1.25rem 1rem 3rem; }
body.narrow main, body.narrow .site-header .bar { max-width: 28rem; }
.card > :first-child { margin-top: 0; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.2rem; margin: 0 0 0.75rem; }
.card { background: var(--surface); border: 1px solid var(--border); border-radius: 10px; padding: 1.1rem 1.1rem 1.25rem; margin: 0 0 1.25rem; }
.muted, .hint { color: var(--muted); }
.hint { font-size: 0.9rem; margin: 0.25rem 0 0; }

.field { margin: 0 0 1rem; }
label { display: block; font-weight: 600; margin-bottom: 0.3rem; }
label .optional { font-weight: 400; color: var(--muted); }
input[type="email"], input[type="password"], input[type="text"], input[type="number"], textarea {
  width: 100%; font: inherit; color: var(--text); background: var(--bg);
  border: 1px solid var(--border); border-radius: 6px; padding: 0.55rem 0.65rem; min-height: 2.75rem;
}
textarea { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9rem; resize: vertical; }
ul.scopes { padding-left: 1.25rem; margin: 0.5rem 0 1rem; }
ul.scopes li { margin: 0.3rem 0; }
ul.scopes code { font-size: 0.8rem; }
.app-name { word-break: break-word; }
input[aria-invalid="true"], textarea[aria-invalid="true"] { border-color: var(--err-border); }
input[readonly] { background: var(--code-bg); }
.field.check { display: flex; gap: 0.6rem; align-items: flex-start; }
.field.check input { width: 1.35rem; height: 1.35rem; margin: 0.15rem 0 0; flex: none; accent-color: var(--accent); }
.field.check label { font-weight: 600; margin: 0; }
.field-row { display: flex; flex-wrap: wrap; gap: 0 1rem; }
.field-row .field { flex: 1 1 12rem; }
.field-row .field.small { flex: 0 1 9rem; }

button, .button {
  display: inline-flex; align-items: center; justify-content: center; gap: 0.35rem;
  font: inherit; font-weight: 600; min-height: 2.75rem; padding: 0.5rem 1rem; border-radius: 6px;
  border: 1px solid var(--accent); background: var(--accent); color: var(--accent-text);
  cursor: pointer; text-decoration: none;
}
button.secondary, .button.secondary { background: transparent; color: var(--accent); }
button.danger, .button.danger { background: var(--danger); border-color: var(--danger); color: var(--danger-text); }
button.link { background: none; border: none; color: var(--accent); padding: 0.35rem 0.2rem; min-height: 0; font-weight: 400; text-decoration: underline; text-underline-offset: 0.15em; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; margin-top: 0.5rem; }

.alert { border: 1px solid; border-left-width: 5px; border-radius: 6px; padding: 0.7rem 0.9rem; margin: 0 0 1rem; }
.alert p { margin: 0.2rem 0; }
.alert.ok { background: var(--ok-bg); border-color: var(--ok-border); }
.alert.warn { background: var(--warn-bg); border-color: var(--warn-border); }
.alert.error { background: var(--err-bg); border-color: var(--err-border); }

.secret { display: flex; gap: 0.5rem; align-items: stretch; margin: 0.5rem 0; }
.secret input { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9rem; min-width: 0; flex: 1; }
.copy-status { min-height: 1.5em; margin: 0; font-size: 0.9rem; color: var(--muted); }

table { width: 100%; border-collapse: collapse; }
caption { text-align: left; font-weight: 700; font-size: 1.2rem; padding-bottom: 0.5rem; }
th, td { text-align: left; padding: 0.55rem 0.5rem; border-bottom: 1px solid var(--border); vertical-align: top; }
th { font-size: 0.85rem; color: var(--muted); font-weight: 600; }
td.name { font-weight: 600; word-break: break-word; }
.badge { display: inline-block; font-size: 0.75rem; font-weight: 600; border: 1px solid var(--warn-border); border-radius: 999px; padding: 0 0.45rem; margin-left: 0.25rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1rem; margin: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; word-break: break-word; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code-bg); padding: 0.05rem 0.3rem; border-radius: 4px; }

@media (max-width: 40rem) {
  main { padding-top: 0.75rem; }
  .card { padding: 0.9rem; }
  .secret { flex-direction: column; }
  table.stack thead { position: absolute; left: -10000px; }
  table.stack, table.stack caption, table.stack tbody, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack tr { border-bottom: 1px solid var(--border); padding: 0.4rem 0; }
  table.stack td { border: none; padding: 0.15rem 0; display: flex; gap: 0.5rem; }
  table.stack td[data-label]::before { content: attr(data-label); color: var(--muted); min-width: 6rem; font-size: 0.9rem; }
  dl.facts { grid-template-columns: 1fr; gap: 0.1rem; }
  dl.facts dd { margin-bottom: 0.5rem; }
}
@media (prefers-reduced-motion: no-preference) { button, .button { transition: filter 0.1s; } }
button:hover, .button:hover { filter: brightness(1.1); }
`;
