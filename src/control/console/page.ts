/**
 * What the console page may do: run its own script and style from this server, call this server,
 * and nothing else; no inline script, and no site may frame it to trick a click on its buttons.
 */
export const consolePageHeaders = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
};
/**
 * The console's document. Its script and style come from the same server (`/_mock/console.js`,
 * `/_mock/console.css`), so it works offline, and nothing inline runs: the page's Content-Security-Policy
 * allows scripts and styles from the server alone.
 */
export const consolePage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mock-api console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/_mock/console.css">
<script src="/_mock/console.js" defer></script>
</head>
<body>
<header>
  <h1>mock-api console</h1>
  <nav>
    <button id="tab-requests" class="on">Requests</button>
    <button id="tab-world">World</button>
    <button id="tab-controls">Controls</button>
  </nav>
  <span class="spacer"></span>
  <span id="live" class="pill">live</span>
  <label class="dim">world <select id="world-picker" aria-label="world"></select></label>
</header>
<main>
  <section id="requests">
    <div class="filters">
      <select id="filter-method" aria-label="method"><option value="">any method</option><option>GET</option><option>POST</option><option>PUT</option><option>DELETE</option></select>
      <input id="filter-path" placeholder="path contains" aria-label="path">
      <input id="filter-status" placeholder="status (404, 4xx)" aria-label="status" size="12">
      <input id="filter-user" placeholder="user" aria-label="user" size="12">
      <span id="requests-count" class="dim"></span>
      <a id="har-download" class="action" download="requests.har" href="/_mock/requests.har">download HAR</a>
    </div>
    <div class="scroll"><table>
      <thead><tr><th>time</th><th>method</th><th>path</th><th>status</th><th>user</th><th>duration</th><th>rule</th></tr></thead>
      <tbody id="requests-body"></tbody>
    </table></div>
    <div class="pager"><button class="action" id="req-prev">newer</button><span id="requests-page"></span><button class="action" id="req-next">older</button></div>
    <pre id="last-copied" class="dim" hidden></pre>
  </section>
  <section id="world" hidden>
    <div class="filters tabs">
      <button data-kind="users" class="on">Users</button><button data-kind="groups">Groups</button>
      <button data-kind="invite-messages">Invite messages</button><button data-kind="files">Files</button>
      <button data-kind="instances">Instances</button>
      <input id="world-search" placeholder="search id or name" aria-label="search">
    </div>
    <div class="scroll" id="world-table"><table><thead id="world-head"></thead><tbody id="world-body"></tbody></table></div>
    <div class="pager"><button class="action" id="world-prev">previous</button><span id="world-page"></span><button class="action" id="world-next">next</button></div>
  </section>
  <section id="controls" hidden>
    <div class="cards">
      <div class="card" id="clock-card"><h2>Clock</h2>
        <div class="row mono" id="clock-now"></div>
        <div class="row"><button class="action" data-advance="1">+1 min</button><button class="action" data-advance="10">+10 min</button>
          <button class="action" data-advance="60">+1 h</button><button class="action" data-advance="1440">+1 day</button></div>
        <div class="row"><input id="clock-input" placeholder="2026-05-01T00:00:00Z" aria-label="set clock"><button class="action" id="clock-set">set</button></div>
      </div>
      <div class="card" id="world-card"><h2>World</h2>
        <div class="row"><button class="action" id="reset">reset</button><button class="action" id="snapshot">snapshot</button><button class="action" id="restore">restore</button></div>
      </div>
      <div class="card" id="rules-card"><h2>Scenario rules</h2>
        <div class="scroll"><table><thead><tr><th>scenario</th><th>match</th><th>hits</th><th>left</th></tr></thead><tbody id="rules-body"></tbody></table></div>
        <div class="row"><button class="action" id="drop-rules">drop run-time rules</button></div>
        <h2 class="later">Ready-made</h2><div id="ready-made"></div>
      </div>
      <div class="card" id="outbox-card"><h2>Outbox</h2><pre id="outbox"></pre></div>
      <div class="card" id="pipeline-card"><h2>Pipeline frames</h2><pre id="pipeline"></pre></div>
    </div>
  </section>
</main>
<aside id="drawer"><div class="row"><strong id="drawer-title" class="mono"></strong><span class="spacer"></span><button class="action" id="drawer-close">close</button></div><pre id="drawer-body"></pre></aside>
<div id="toast" hidden></div>
</body>
</html>
`;
