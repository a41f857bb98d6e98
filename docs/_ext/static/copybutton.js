// A copy button on every example of the unorules docs (no dependency).
// Python examples copy only the code: the ">>> " and "... " prompts are taken off and
// the output lines left out. Console examples copy the commands without "$ ".
"use strict";
(function () {
  function codeOf(block) {
    const text = block.innerText.replace(/\n$/, "");
    const lines = text.split("\n");
    if (lines.some((l) => l.startsWith(">>> "))) {
      return lines
        .filter((l) => l.startsWith(">>> ") || l.startsWith("... ") || l === ">>>")
        .map((l) => l.replace(/^(>>>|\.\.\.) ?/, ""))
        .join("\n");
    }
    if (lines.some((l) => l.startsWith("$ "))) {
      return lines.filter((l) => l.startsWith("$ ")).map((l) => l.slice(2)).join("\n");
    }
    return text;
  }
  function addButton(pre) {
    const button = document.createElement("button");
    button.className = "copy-example";
    button.type = "button";
    button.textContent = "copy";
    button.title = "Copy the code of this example";
    button.addEventListener("click", function () {
      const done = () => {
        button.textContent = "copied";
        setTimeout(() => (button.textContent = "copy"), 1500);
      };
      const text = codeOf(pre);
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(done);
      } else {
        const area = document.createElement("textarea");
        area.value = text;
        document.body.appendChild(area);
        area.select();
        document.execCommand("copy");
        area.remove();
        done();
      }
    });
    pre.parentNode.classList.add("has-copy-example");
    pre.parentNode.insertBefore(button, pre);
  }
  window.unorulesExampleCode = codeOf; // for checking what a button copies
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("div.highlight > pre").forEach(addButton);
  });
})();
