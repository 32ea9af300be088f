/* The invitation link: the phone's share sheet where it has one (Web Share API),
   and a copy button everywhere. */
(function () {
  "use strict";
  var status = document.getElementById("share-status");

  function say(text) {
    if (status) { status.textContent = text; }
  }

  var share = document.querySelector("[data-share-url]");
  if (share && navigator.share) {
    share.hidden = false;
    share.addEventListener("click", function () {
      navigator.share({ title: share.dataset.shareTitle, url: share.dataset.shareUrl })
        .catch(function () { /* the user closed the share sheet */ });
    });
  }

  var copy = document.querySelector("[data-copy-url]");
  if (copy) {
    copy.addEventListener("click", function () {
      var url = copy.dataset.copyUrl;
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(url).then(function () { say(copy.dataset.copied); });
      } else {
        const link = document.getElementById("invitation-link");
        const range = document.createRange();
        range.selectNodeContents(link);
        window.getSelection().removeAllRanges();
        window.getSelection().addRange(range);
      }
    });
  }
})();
