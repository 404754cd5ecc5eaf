// Runs before the page's module, as a classic script, which a browser runs
// from a file too: a page opened from a file (file://, a double-click) can
// load neither its module nor its WebAssembly, so instead of "Loading…" it
// says, in plain words, the one command that serves this folder on this
// computer alone (127.0.0.1), and where to go then.
'use strict';

(() => {
  if (window.location.protocol !== 'file:') return;
  const loading = document.getElementById('loading');
  if (!loading) return;
  // The folder of this page: /home/me/fairdeal/web, or C:/Users/me/fairdeal/web.
  let folder = decodeURIComponent(window.location.pathname).replace(/\/[^/]*$/, '');
  if (/^\/[A-Za-z]:/.test(folder)) folder = folder.slice(1);
  const command = `python3 -m http.server --bind 127.0.0.1 -d "${folder || '.'}" 8000`;
  const p = (...parts) => {
    const node = document.createElement('p');
    node.append(...parts);
    return node;
  };
  const code = document.createElement('code');
  code.className = 'command';
  code.textContent = command;
  const link = document.createElement('code');
  link.textContent = 'http://127.0.0.1:8000/';
  loading.className = 'loading from-file';
  loading.replaceChildren(
    p('This page was opened as a file, and a browser does not run the verifier from a file.'),
    p('Serve its folder on this computer instead: run this command in a terminal, keep it running, then open ',
      link, ' in your browser. Nothing you enter leaves this computer.'),
    p(code),
  );
  // The form cannot work from a file: only the message shows.
  const input = document.getElementById('input');
  if (input) input.hidden = true;
  document.body.dataset.ready = 'file';
})();
