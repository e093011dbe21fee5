/* Tender embedded checkout: served as /checkout.js by the gateway, included by a merchant's page.
 *
 *   Tender.openCheckout({ url | intentId, mode: 'overlay' | 'popup', onPaid, onClosed, onExpired }) -> { close() }
 *
 * Opens the hosted checkout of one payment intent in an overlay (an iframe in a modal dialog) or a pop-up window.
 * The checkout reports paid / expired by postMessage to this page's origin only, and only when the merchant lists it
 * in checkout_allowed_origins; this script takes messages only from the gateway's origin (where it was loaded from)
 * and from the very window it opened. Plain ES2017, no dependencies: it runs on the merchant's page as it is.
 */
/* global window, document, location */
(function () {
  'use strict';
  var me = document.currentScript;
  if (!me || !me.src || (window.Tender && window.Tender.openCheckout)) return;
  var GATEWAY = new URL(me.src).origin;
  var SOURCE = 'tender-checkout';
  var current = null;

  function el(tag, style, attrs) {
    var e = document.createElement(tag);
    // CSSOM, not a style attribute: allowed under a page CSP without 'unsafe-inline'.
    Object.assign(e.style, style);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    return e;
  }

  function checkoutUrl(o, mode) {
    var u;
    if (typeof o.url === 'string') {
      u = new URL(o.url, GATEWAY);
      if (u.origin !== GATEWAY || !/^\/checkout\/[A-Za-z0-9_-]{1,100}$/.test(u.pathname)) {
        throw new TypeError('Tender.openCheckout: url must be a checkout URL of ' + GATEWAY);
      }
    } else if (typeof o.intentId === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(o.intentId)) {
      u = new URL('/checkout/' + o.intentId, GATEWAY);
    } else {
      throw new TypeError('Tender.openCheckout: pass url (the checkout_url) or intentId');
    }
    u.searchParams.set('embed_origin', location.origin);
    u.searchParams.set('embed', mode);
    return u;
  }

  function call(fn, detail) {
    if (typeof fn !== 'function') return;
    try {
      fn(detail);
    } catch (err) {
      setTimeout(function () {
        throw err;
      });
    }
  }

  function openOverlay(url, o, done) {
    var opener = document.activeElement;
    var root = el('div', {
      position: 'fixed',
      inset: '0',
      zIndex: '2147483647',
      background: 'rgba(15, 23, 42, 0.6)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
    });
    var dialog = el(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        width: 'min(480px, 100vw)',
        height: 'min(760px, 100vh)',
        background: '#fff',
        // A phone gets the whole screen, square.
        borderRadius: window.innerWidth < 520 ? '0' : '12px',
        overflow: 'hidden',
        boxShadow: '0 12px 48px rgba(0, 0, 0, 0.35)',
      },
      { role: 'dialog', 'aria-modal': 'true', 'aria-label': o.label || 'Checkout' },
    );
    // The visible height on phones whose toolbars come and go; kept at 100vh where dvh is unknown.
    dialog.style.height = 'min(760px, 100dvh)';
    var bar = el('div', { display: 'flex', justifyContent: 'flex-end', borderBottom: '1px solid #e2e8f0' });
    var close = el(
      'button',
      {
        width: '44px',
        height: '44px',
        border: '0',
        background: 'transparent',
        font: '24px/1 system-ui, sans-serif',
        color: '#334155',
        cursor: 'pointer',
      },
      { type: 'button', 'aria-label': 'Close checkout' },
    );
    close.textContent = '\u00d7';
    var frame = el(
      'iframe',
      { flex: '1', width: '100%', border: '0' },
      { src: url.href, title: o.title || 'Secure checkout', allow: 'clipboard-write' },
    );
    bar.appendChild(close);
    dialog.appendChild(bar);
    dialog.appendChild(frame);
    root.appendChild(dialog);

    // Everything else on the page is inert while the dialog is open: focus and clicks stay inside it.
    var inerted = [];
    Array.prototype.forEach.call(document.body.children, function (c) {
      if (!c.inert) {
        c.inert = true;
        inerted.push(c);
      }
    });
    var overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    function onKey(e) {
      if (e.key === 'Escape') {
        e.preventDefault();
        done('dismissed');
      } else if (e.key === 'Tab') {
        // Two stops in this document: the close button and the checkout frame.
        e.preventDefault();
        (document.activeElement === close ? frame : close).focus();
      }
    }
    document.addEventListener('keydown', onKey, true);
    close.addEventListener('click', function () {
      done('dismissed');
    });
    document.body.appendChild(root);
    close.focus();
    return {
      target: function () {
        return frame.contentWindow;
      },
      remove: function () {
        document.removeEventListener('keydown', onKey, true);
        inerted.forEach(function (c) {
          c.inert = false;
        });
        document.documentElement.style.overflow = overflow;
        root.remove();
        if (opener && typeof opener.focus === 'function') opener.focus();
      },
    };
  }

  function openPopup(url, done) {
    var w = 480;
    var h = 760;
    var left = Math.max(0, window.screenX + (window.outerWidth - w) / 2);
    var top = Math.max(0, window.screenY + (window.outerHeight - h) / 2);
    var win = window.open(
      url.href,
      'tender-checkout',
      'popup,width=' + w + ',height=' + h + ',left=' + left + ',top=' + top,
    );
    if (!win) return null;
    var poll = setInterval(function () {
      if (win.closed) done('popup_closed');
    }, 300);
    return {
      target: function () {
        return win;
      },
      remove: function () {
        clearInterval(poll);
        if (!win.closed) win.close();
      },
    };
  }

  function onMessage(e) {
    var c = current;
    if (!c || e.origin !== GATEWAY || e.source !== c.view.target()) return;
    var d = e.data;
    if (!d || d.source !== SOURCE || d.payment_intent_id !== c.id) return;
    if (d.event === 'close_requested') return c.finish('dismissed');
    if (d.event !== 'paid' && d.event !== 'expired') return;
    if (c.reported[d.event]) return;
    c.reported[d.event] = true;
    call(d.event === 'paid' ? c.o.onPaid : c.o.onExpired, { paymentIntentId: c.id, status: d.status });
  }
  window.addEventListener('message', onMessage);

  function openCheckout(o) {
    o = o || {};
    var mode = o.mode === 'popup' ? 'popup' : 'overlay';
    var url = checkoutUrl(o, mode);
    if (current) current.finish('replaced');
    var c = { o: o, id: url.pathname.split('/')[2], reported: {}, view: null };
    c.finish = function (reason) {
      if (current !== c) return;
      current = null;
      c.view.remove();
      call(o.onClosed, { paymentIntentId: c.id, reason: reason, paid: !!c.reported.paid });
    };
    current = c;
    c.view = (mode === 'popup' && openPopup(url, c.finish)) || null;
    if (!c.view) {
      // No pop-up (blocked, or overlay asked for): the overlay, on this page.
      url.searchParams.set('embed', 'overlay');
      c.view = openOverlay(url, o, c.finish);
    }
    return {
      mode: url.searchParams.get('embed'),
      close: function () {
        c.finish('closed_by_page');
      },
    };
  }

  window.Tender = Object.assign(window.Tender || {}, { openCheckout: openCheckout, version: '1' });
})();
