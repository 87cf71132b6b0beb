// Live sharing's two scripts (ES5, like the consent page's: old phone browsers run them). The share
// page carries only the small starter inline, and only when it offers live sharing; the code that
// watches and sends the position is a separate file (a GET of /share/live, app/routes/share.live.ts) the starter loads once the
// recipient has chosen a duration, so a page that never shares live never downloads it. Texts come
// from the page (data attributes and hidden elements), so the scripts hold no words.
import {
  LIVE_MIN_INTERVAL_SECONDS,
  LIVE_MIN_MOVE_METERS,
  LIVE_MOVE_MIN_INTERVAL_SECONDS,
  LIVE_WEAK_ACCURACY_METERS,
  LIVE_WEAK_INTERVAL_SECONDS,
} from "~/location-requests/live-limits";

/**
 * Inline on the share page: a duration's button posts the start, keeps the answer (the secret and the
 * end) in `window.liveShare` and loads the live script. A refusal shows the page's "could not start".
 */
export const LIVE_START_SCRIPT = `(function () {
  var live = document.getElementById("live");
  var offer = document.getElementById("live-offer");
  if (!live || !offer) return;
  var buttons = offer.getElementsByTagName("button");
  var busy = false;
  function enable(on) {
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = !on;
  }
  function failed() {
    busy = false;
    enable(true);
    document.getElementById("live-failed").hidden = false;
  }
  function start(minutes) {
    if (busy) return;
    if (!navigator.geolocation || !window.fetch) return failed();
    busy = true;
    enable(false);
    fetch(live.getAttribute("data-start"), {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "minutes=" + encodeURIComponent(minutes)
    })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (answer) {
        window.liveShare = answer;
        var script = document.createElement("script");
        script.src = live.getAttribute("data-script");
        script.onerror = failed;
        document.body.appendChild(script);
      })
      .catch(failed);
  }
  for (var i = 0; i < buttons.length; i++)
    buttons[i].addEventListener("click", function (event) {
      event.preventDefault();
      start(this.getAttribute("data-minutes"));
    });
})();`;

/**
 * The live share itself: watches the position, sends it no more often than the server takes it (the
 * same rule as live-limits.ts liveWaitSeconds: the interval, sooner after a move, less often on a weak
 * signal), shows the time left, and ends at the end, on "Stop sharing", or when the page is hidden
 * for good (pagehide: the stop goes as a beacon, which the browser sends even as the page goes).
 */
export const LIVE_SCRIPT = `(function () {
  var share = window.liveShare;
  var live = document.getElementById("live");
  if (!share || !live || live.getAttribute("data-running")) return;
  live.setAttribute("data-running", "1");
  var $ = function (id) { return document.getElementById(id); };
  var until = new Date(share.liveUntil).getTime();
  var lang = document.documentElement.lang || undefined;
  var running = $("live-running"), left = $("live-left"), sent = $("live-sent"), ended = $("live-ended");
  var watch = null, ticker = null, retry = null, pending = null, inFlight = false, over = false;
  var from = share.from;
  var last = from ? { latitude: from.latitude, longitude: from.longitude, at: Date.now() - from.secondsAgo * 1000 } : null;
  // Its class lays the durations out (display: grid), which the hidden attribute alone does not undo.
  $("live-offer").style.display = "none";
  $("live-intro").hidden = true;
  running.hidden = false;
  document.body.className += " live-on";
  $("live-stop").focus();

  function form(fields) {
    var parts = ["secret=" + encodeURIComponent(share.secret)];
    for (var name in fields) parts.push(name + "=" + encodeURIComponent(fields[name]));
    return parts.join("&");
  }
  function post(url, fields) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      keepalive: true,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form(fields)
    });
  }
  function finish(kind) {
    if (over) return;
    over = true;
    if (watch !== null) navigator.geolocation.clearWatch(watch);
    clearInterval(ticker);
    clearTimeout(retry);
    window.removeEventListener("pagehide", closing);
    running.hidden = true;
    $("live-keep-open").hidden = true;
    document.body.className = document.body.className.replace(" live-on", "");
    ended.textContent = ended.getAttribute("data-" + kind);
    ended.hidden = false;
    live.setAttribute("data-ended", kind);
    ended.focus();
  }
  function stop(kind) {
    if (over) return;
    post(live.getAttribute("data-stop"), {})["catch"](function () {});
    finish(kind);
  }
  function closing() {
    if (over) return;
    var body = form({});
    var sentBeacon = false;
    try {
      sentBeacon = navigator.sendBeacon(live.getAttribute("data-stop"), new Blob([body], { type: "application/x-www-form-urlencoded" }));
    } catch (e) {}
    if (!sentBeacon) post(live.getAttribute("data-stop"), {});
    finish("closed");
  }
  function meters(a, b) {
    var r = Math.PI / 180, dLat = (b.latitude - a.latitude) * r, dLon = (b.longitude - a.longitude) * r;
    var h = Math.pow(Math.sin(dLat / 2), 2) + Math.cos(a.latitude * r) * Math.cos(b.latitude * r) * Math.pow(Math.sin(dLon / 2), 2);
    return 2 * 6371000 * Math.asin(Math.min(1, Math.sqrt(h)));
  }
  function wait(position) {
    if (!last) return 0;
    var interval = position.accuracy > ${LIVE_WEAK_ACCURACY_METERS} ? ${LIVE_WEAK_INTERVAL_SECONDS}
      : meters(last, position) > ${LIVE_MIN_MOVE_METERS} ? ${LIVE_MOVE_MIN_INTERVAL_SECONDS} : ${LIVE_MIN_INTERVAL_SECONDS};
    return Math.max(0, interval - (Date.now() - last.at) / 1000);
  }
  function later(seconds) {
    clearTimeout(retry);
    retry = setTimeout(consider, Math.ceil(seconds * 1000) + 50);
  }
  function consider() {
    if (over || inFlight || !pending) return;
    var seconds = wait(pending);
    if (seconds > 0) return later(seconds);
    send(pending);
  }
  function send(position) {
    inFlight = true;
    pending = null;
    post(live.getAttribute("data-update"), position).then(
      function (response) {
        inFlight = false;
        if (response.ok) {
          last = { latitude: position.latitude, longitude: position.longitude, at: Date.now() };
          sent.textContent = sent.getAttribute("data-text").replace("%TIME%", new Date().toLocaleTimeString(lang));
          return consider();
        }
        if (response.status === 410 || response.status === 403 || response.status === 404)
          return finish(Date.now() >= until ? "timeup" : "closed");
        pending = pending || position;
        later(Number(response.headers.get("Retry-After")) || ${LIVE_MIN_INTERVAL_SECONDS});
      },
      function () {
        inFlight = false;
        pending = pending || position;
        later(${LIVE_MIN_INTERVAL_SECONDS});
      }
    );
  }
  function tick() {
    var seconds = Math.max(0, Math.round((until - Date.now()) / 1000));
    if (seconds === 0) return finish("timeup");
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var text = (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (s < 10 ? "0" : "") + s;
    left.textContent = left.getAttribute("data-text").replace("%TIME%", text);
  }
  $("live-stop").addEventListener("click", function (event) {
    event.preventDefault();
    stop("stopped");
  });
  window.addEventListener("pagehide", closing);
  tick();
  ticker = setInterval(tick, 1000);
  watch = navigator.geolocation.watchPosition(
    function (found) {
      var c = found.coords;
      pending = { latitude: c.latitude, longitude: c.longitude, accuracy: c.accuracy };
      consider();
    },
    function (error) {
      if (error.code === 1) stop("denied");
    },
    { enableHighAccuracy: true, maximumAge: 5000 }
  );
})();`;
