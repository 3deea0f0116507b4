/** The console's stylesheet (`GET /_mock/console.css`): system fonts, no images, nothing fetched from elsewhere. */
export const consoleStyle = `
:root { --bg:#0f1419; --panel:#171d24; --line:#2a333d; --text:#d7dde4; --dim:#8a96a3; --accent:#4fb3ff;
  --ok:#3fb950; --warn:#d29922; --bad:#f85149; font: 13px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); }
header { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; padding: 8px 16px; border-bottom: 1px solid var(--line); background: var(--panel); }
header h1 { font-size: 15px; margin: 0; font-weight: 600; }
header .spacer { flex: 1; }
nav button, .tabs button { background: none; border: 0; color: var(--dim); padding: 6px 10px; cursor: pointer; font: inherit; border-radius: 6px; }
nav button.on, .tabs button.on { color: var(--text); background: var(--line); }
main { padding: 12px 16px; }
select, input, button.action { background: var(--bg); color: var(--text); border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px; font: inherit; }
button.action { cursor: pointer; }
button.action:hover { border-color: var(--accent); }
/* A table wider than the window scrolls inside its box, its header row staying in sight. */
.scroll { overflow: auto; max-height: calc(100vh - 150px); }
table { border-collapse: collapse; width: 100%; }
td.wrap { min-width: 20ch; overflow-wrap: anywhere; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--dim); font-weight: 500; position: sticky; top: 0; background: var(--bg); }
tr.entry { cursor: pointer; }
tr.entry:hover, tr.entry.open { background: var(--panel); }
code, pre, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12px; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 8px; overflow: auto; max-height: 360px; margin: 4px 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.status-2 { color: var(--ok); } .status-3 { color: var(--accent); } .status-4 { color: var(--warn); } .status-5 { color: var(--bad); }
a.id { color: var(--accent); cursor: pointer; text-decoration: none; }
a.id:hover { text-decoration: underline; }
.filters { display: flex; gap: 8px; margin-bottom: 8px; flex-wrap: wrap; align-items: center; }
.pager { display: flex; gap: 8px; align-items: center; margin: 8px 0; color: var(--dim); }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 12px; align-items: start; }
.card { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; }
.card h2 { font-size: 13px; margin: 0 0 8px; color: var(--dim); font-weight: 600; text-transform: uppercase; letter-spacing: .04em; }
.card h2.later { margin-top: 12px; }
.row { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; margin: 4px 0; }
.dim { color: var(--dim); }
.detail { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; padding: 8px 0; }
/* Shown whole the moment it opens: one that slid in from off-screen was seen cut off at the right edge while it moved. */
#drawer { display: none; position: fixed; right: 0; top: 0; bottom: 0; width: min(560px, 90vw); background: var(--panel); border-left: 1px solid var(--line);
  padding: 12px 16px; overflow: auto; }
#drawer.open { display: block; }
#drawer .spacer { flex: 1; }
#drawer-title { min-width: 0; overflow-wrap: anywhere; }
#drawer pre { max-height: none; }
#toast { position: fixed; bottom: 12px; left: 50%; transform: translateX(-50%); background: var(--line); padding: 6px 12px; border-radius: 6px; }
.pill { display: inline-block; padding: 0 6px; border-radius: 9px; background: var(--line); color: var(--dim); font-size: 11px; }
.pill.live { background: #1f3b24; color: var(--ok); }
`;
