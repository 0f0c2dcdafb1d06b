// Runs the inline script of a page `authflow serve` answers in a fake browser window, drives it as the web
// SDK and a user would, and prints what the page did as JSON. Input on stdin, as JSON:
//   { "page": "handler" | "relay", "html": "...", "url": "http://host/emulator/auth/...", ... }
// handler: "frames" lists the opener's frames ({ "url": ... } or { "crossOrigin": true }), "noOpener" drops
//   the opener; the first account link is clicked.
// relay: "stored" seeds sessionStorage; "messages" are posted to the page after gapi connects, each
//   { "origin": ..., "data": ... }; "before" are posted before gapi loads.
'use strict';
const vm = require('vm');

function inlineScripts(html) {
  const scripts = [];
  const pattern = /<script>([\s\S]*?)<\/script>/g;
  let match;
  while ((match = pattern.exec(html)) !== null) scripts.push(match[1]);
  return scripts.join('\n');
}

function accountLinks(html) {
  const links = [];
  const pattern = /<a class="account" href="([^"]*)">/g;
  let match;
  while ((match = pattern.exec(html)) !== null) links.push(match[1].replace(/&amp;/g, '&'));
  return links;
}

function run(input) {
  const url = new URL(input.url);
  const record = { posted: [], closed: false, problem: null, location: null, sent: [], registered: {} };
  const listeners = {};
  const storage = Object.assign({}, input.stored || {});
  const links = accountLinks(input.html).map((href) => ({
    href,
    handlers: [],
    addEventListener(type, handler) { if (type === 'click') this.handlers.push(handler); },
  }));
  const problem = { hidden: true, textContent: '' };
  const context = {
    URLSearchParams,
    JSON,
    location: { search: url.search, origin: url.origin, href: url.href },
    sessionStorage: storage,
    document: {
      body: { textContent: '' },
      querySelectorAll: (selector) => (selector === 'a.account' ? links : []),
      getElementById: (id) => (id === 'problem' ? problem : null),
    },
    addEventListener(type, handler) { (listeners[type] = listeners[type] || []).push(handler); },
    close() { record.closed = true; },
  };
  context.window = context;
  if (input.page === 'handler' && !input.noOpener) {
    context.opener = {
      frames: (input.frames || []).map((frame, index) => {
        if (frame.crossOrigin) {
          return { get location() { throw new Error('cross-origin'); }, postMessage() { record.posted.push({ frame: index, leaked: true }); } };
        }
        const frameURL = new URL(frame.url);
        return {
          location: { search: frameURL.search },
          postMessage(message, targetOrigin) { record.posted.push({ frame: index, message, targetOrigin }); },
        };
      }),
    };
  }
  const filter = { name: 'CROSS_ORIGIN_IFRAMES_FILTER' };
  context.gapi = {
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: filter,
      getContext: () => ({
        getParentIframe: () => ({
          register(name, handler, usedFilter) {
            record.registered[name] = { answer: handler({ type: name }), filtered: usedFilter === filter };
          },
          send(name, data, callback, usedFilter) {
            record.sent.push({ name, data, filtered: usedFilter === filter });
          },
        }),
      }),
    },
    load(name, options) {
      if (name === 'gapi.iframes') options.callback();
    },
  };
  const post = (message) => (listeners.message || []).forEach((listener) => listener(message));
  vm.createContext(context);
  vm.runInContext(inlineScripts(input.html), context);
  if (input.page === 'handler') {
    const link = links[0];
    let prevented = false;
    link.handlers.forEach((handler) => handler({ preventDefault() { prevented = true; } }));
    record.prevented = prevented;
    record.problem = problem.hidden ? null : problem.textContent;
    record.location = typeof context.location === 'string' ? context.location : null;
    record.link = link.href;
  } else {
    (input.before || []).forEach(post);
    context.gapi_onload();
    (input.messages || []).forEach(post);
  }
  record.storage = storage;
  return record;
}

let text = '';
process.stdin.on('data', (chunk) => { text += chunk; });
process.stdin.on('end', () => { process.stdout.write(JSON.stringify(run(JSON.parse(text)))); });
