/**
 * The one script of the consent page (ES5, so that old phone browsers run it). It turns the "Share
 * precise location" button into a geolocation request and then posts the same form the no-JavaScript
 * path posts, with the position added; a geolocation error goes to /location-failed with its reason.
 * Texts come from the page (the hidden status line), so the script itself holds no words.
 */
export const CONSENT_SCRIPT = `(function () {
  var form = document.getElementById("consent");
  var button = document.getElementById("share-precise");
  var status = document.getElementById("locating");
  if (!form || !button) return;
  var busy = false;
  function fail(reason) {
    location.href = form.getAttribute("data-failed") + "&reason=" + reason;
  }
  function field(name, value) {
    var input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  button.addEventListener("click", function (event) {
    event.preventDefault();
    if (busy) return;
    var geo = navigator.geolocation;
    if (!geo) return fail("unsupported");
    busy = true;
    button.disabled = true;
    if (status) status.hidden = false;
    geo.getCurrentPosition(
      function (position) {
        var c = position.coords;
        field("intent", "precise");
        field("latitude", c.latitude);
        field("longitude", c.longitude);
        field("accuracy", c.accuracy);
        form.submit();
      },
      function (error) {
        busy = false;
        button.disabled = false;
        if (status) status.hidden = true;
        fail(error.code === 1 ? "denied" : error.code === 2 ? "unavailable" : error.code === 3 ? "timeout" : "failed");
      },
      { enableHighAccuracy: true, timeout: 20000, maximumAge: 0 }
    );
  });
})();`;
