/** The console's stylesheet (`GET /_mock/console.css`): system fonts, no images, nothing fetched from elsewhere. */
export const consoleStyle = `
:root { --bg:#0f1419; --panel:#171d24; --line:#2a333d; --text:#d7dde4; --dim:#8a96a3; --accent:#4fb3ff;
  --ok:#3fb950; --warn:#d29922; --bad:#f85149; font: 13px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
* { box-sizing: border-box; }
/* The page is the window: each view fills what the header leaves, and a long list scrolls in its own box, so
   the document itself never scrolls and a view shows one scrollbar. */
body { margin: 0; background: var(--bg); color: var(--text); height: 100vh; display: flex; flex-direction: column; }
[hidden] { display: none !important; }
header { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; padding: 8px 16px; border-bottom: 1px solid var(--line); background: var(--panel); }
header h1 { font-size: 15px; margin: 0; font-weight: 600; }
header .spacer { flex: 1; }
nav button, .tabs button { background: none; border: 0; color: var(--dim); padding: 6px 10px; cursor: pointer; font: inherit; border-radius: 6px; }
nav button.on, .tabs button.on { color: var(--text); background: var(--line); }
main { padding: 12px 16px; flex: 1; min-height: 0; display: flex; flex-direction: column; overflow: auto; }
main > section { flex: 1; min-height: 0; display: flex; flex-direction: column; }
select, input, button.action { background: var(--bg); color: var(--text); border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px; font: inherit; }
button.action { cursor: pointer; }
button.action:hover { border-color: var(--accent); }
/* A table wider or longer than its view scrolls inside its box, its header row staying in sight. */
.scroll { overflow: auto; flex: 0 1 auto; min-height: 0; }
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
/* Two columns of small cards beside the scenario card, which takes the window's height and scrolls its lists inside:
   however many scenarios there are, the outbox and the pipeline's frames stay in sight. */
.cards { flex: 1; min-height: 0; display: grid; gap: 12px; align-items: start;
  grid-template-columns: repeat(2, minmax(0, 1fr)) minmax(320px, 1.2fr); grid-template-rows: auto minmax(0, 1fr);
  grid-template-areas: "clock world rules" "outbox pipeline rules"; }
.card { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; min-height: 0; max-height: 100%;
  display: flex; flex-direction: column; }
.card > pre { flex: 0 1 auto; min-height: 0; }
#clock-card { grid-area: clock; } #world-card { grid-area: world; } #outbox-card { grid-area: outbox; } #pipeline-card { grid-area: pipeline; }
#rules-card { grid-area: rules; align-self: stretch; }
#rules-card .scroll { flex: none; max-height: 30vh; }
#ready-made { flex: 1 1 auto; min-height: 80px; overflow: auto; }
/* Narrow windows: one column, the page scrolling as one list. */
@media (max-width: 900px) {
  .cards { flex: none; grid-template-columns: minmax(0, 1fr); grid-template-rows: none; grid-template-areas: "clock" "world" "rules" "outbox" "pipeline"; }
  .card { max-height: none; }
  #ready-made { overflow: visible; }
}
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
