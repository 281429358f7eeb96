/*
 * Countersign chat widget loader. Embed with one tag:
 *   <script src="https://support.example.com/widget.js" data-workspace="your-key" async></script>
 * Optional: data-identity-token="<JWT signed by your server>" (see the README).
 * It draws only a launcher button; the chat itself (an iframe to /widget) loads on first click.
 * Styles are set through the CSSOM, so a page with a strict style-src CSP still shows it.
 */
(() => {
  const script = document.currentScript;
  if (!script || window.countersignWidgetLoaded) return;
  window.countersignWidgetLoaded = true;

  const origin = new URL(script.src, window.location.href).origin;
  const workspace = script.getAttribute("data-workspace") || "";
  const token = script.getAttribute("data-identity-token") || "";
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const dark = window.matchMedia("(prefers-color-scheme: dark)");
  const narrow = window.matchMedia("(max-width: 480px)");
  let frame = null;

  // The launcher's words in each language the chat speaks, the first of the browser's that it
  // speaks (the widget's catalog holds the same: launcher_open, launcher_frame_title).
  const WORDS = {
    en: ["Chat with us", "Chat with support"],
    es: ["Chatea con nosotros", "Chat con soporte"],
    de: ["Chatte mit uns", "Chat mit dem Support"],
    fr: ["Discutez avec nous", "Chat avec le support"],
    pt: ["Fale com a gente", "Chat com o suporte"],
    it: ["Chatta con noi", "Chat con l'assistenza"],
    nl: ["Chat met ons", "Chat met support"],
    ja: ["チャットで問い合わせる", "サポートとのチャット"],
  };
  const spoken = (navigator.languages || [navigator.language])
    .map((tag) => String(tag).toLowerCase().split(/[-_]/)[0])
    .find((primary) => Object.hasOwn(WORDS, primary));
  const words = WORDS[spoken || "en"];

  const launcher = document.createElement("button");
  launcher.type = "button";
  launcher.textContent = words[0];
  launcher.setAttribute("aria-expanded", "false");
  launcher.setAttribute("data-countersign-launcher", "");

  function paintLauncher() {
    Object.assign(launcher.style, {
      position: "fixed",
      right: "16px",
      bottom: "16px",
      zIndex: "2147483000",
      minHeight: "48px",
      padding: "0 20px",
      border: dark.matches ? "2px solid #bfdbfe" : "2px solid #1e3a8a",
      borderRadius: "24px",
      background: dark.matches ? "#bfdbfe" : "#1e40af",
      color: dark.matches ? "#172554" : "#ffffff",
      font: "600 16px/1.2 system-ui, sans-serif",
      cursor: "pointer",
      boxShadow: "0 4px 12px rgba(0,0,0,.25)",
      transition: reducedMotion.matches ? "none" : "transform .15s ease",
    });
  }

  function placeFrame() {
    if (!frame) return;
    const full = narrow.matches;
    Object.assign(frame.style, {
      position: "fixed",
      zIndex: "2147483001",
      right: full ? "0" : "16px",
      bottom: full ? "0" : "80px",
      width: full ? "100vw" : "380px",
      height: full ? "100dvh" : "min(620px, calc(100dvh - 96px))",
      border: "0",
      borderRadius: full ? "0" : "12px",
      boxShadow: "0 8px 32px rgba(0,0,0,.3)",
      background: dark.matches ? "#0f172a" : "#f8fafc",
    });
  }

  function tellFrameOpened() {
    if (frame?.contentWindow) {
      frame.contentWindow.postMessage({ type: "countersign:opened" }, origin);
    }
  }

  function open() {
    if (!frame) {
      frame = document.createElement("iframe");
      frame.title = words[1];
      frame.src = `${origin}/widget?workspace=${encodeURIComponent(workspace)}${
        token ? `#token=${encodeURIComponent(token)}` : ""
      }`;
      frame.addEventListener("load", () => {
        frame.focus();
        tellFrameOpened();
      });
      placeFrame();
      document.body.appendChild(frame);
    } else {
      frame.style.display = "block";
      frame.focus();
      tellFrameOpened();
    }
    launcher.setAttribute("aria-expanded", "true");
  }

  function close() {
    if (!frame) return;
    frame.style.display = "none";
    launcher.setAttribute("aria-expanded", "false");
    launcher.focus();
  }

  launcher.addEventListener("click", () => {
    if (frame && frame.style.display !== "none") close();
    else open();
  });
  window.addEventListener("message", (event) => {
    if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return;
    if (event.data && event.data.type === "countersign:close") close();
    // The chat's page is ready to take focus; it may have missed "opened" while it loaded.
    if (event.data && event.data.type === "countersign:ready" && frame.style.display !== "none") {
      tellFrameOpened();
    }
  });
  for (const query of [dark, reducedMotion, narrow]) {
    query.addEventListener("change", () => {
      paintLauncher();
      placeFrame();
    });
  }

  paintLauncher();
  const mount = () => document.body.appendChild(launcher);
  if (document.body) mount();
  else document.addEventListener("DOMContentLoaded", mount);
})();
