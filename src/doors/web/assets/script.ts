/**
 * The pages' only script, served as /static/app.js (the CSP forbids inline scripts). Progressive:
 * every page works without it. It adds the copy buttons, confirmation prompts on data-confirm
 * forms, local-time display of <time> elements, and moves focus to a message that needs reading.
 */
export const script = `
(function () {
  'use strict';

  function announce(button, text) {
    var status = document.getElementById(button.getAttribute('aria-describedby') || '');
    if (status) status.textContent = text;
  }

  function copyFrom(button) {
    var target = document.getElementById(button.getAttribute('data-copy'));
    if (!target) return;
    var value = target.value;
    var fallback = function () {
      target.focus();
      target.select();
      var ok = false;
      try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
      announce(button, ok ? 'Copied to the clipboard.' : 'Selected: press Ctrl+C (or Cmd+C) to copy.');
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(value).then(function () { announce(button, 'Copied to the clipboard.'); }, fallback);
    } else {
      fallback();
    }
  }

  document.querySelectorAll('button[data-copy]').forEach(function (button) {
    button.hidden = false;
    button.addEventListener('click', function () { copyFrom(button); });
  });

  document.querySelectorAll('form[data-confirm]').forEach(function (form) {
    form.addEventListener('submit', function (event) {
      if (!window.confirm(form.getAttribute('data-confirm'))) event.preventDefault();
    });
  });

  var format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  document.querySelectorAll('time[data-local]').forEach(function (el) {
    var d = new Date(el.getAttribute('datetime'));
    if (!isNaN(d.getTime())) el.textContent = format.format(d);
  });

  var focus = document.querySelector('[data-focus]');
  if (focus) focus.focus();
})();
`;
