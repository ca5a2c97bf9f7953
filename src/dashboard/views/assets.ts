/** The dashboard's stylesheet: one column on a phone, wider tables scroll inside their box. */
export const STYLESHEET = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f6f7f9}
a{color:#0b57d0}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:2}
.top{display:flex;flex-wrap:wrap;gap:8px 24px;align-items:center;padding:12px 16px;background:#0f172a;color:#fff}
.top a{color:#e2e8f0;text-decoration:none;padding:4px 2px}
.top a[aria-current=page]{color:#fff;border-bottom:2px solid #f59e0b}
.top nav ul{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;margin:0;padding:0}
.brand{font-weight:700}
.who{margin-left:auto;display:flex;gap:8px;align-items:center;font-size:14px;color:#cbd5e1}
.who .link{color:#fff}
.viewing{display:flex;gap:4px;align-items:center;font-size:14px;color:#cbd5e1}
.viewing button{min-height:32px;padding:2px 10px;border-radius:4px;border:1px solid #475569;background:#1e293b;color:#e2e8f0}
.viewing button[aria-pressed=true]{background:#fff;color:#0f172a;font-weight:600}
.viewing button.test[aria-pressed=true]{background:#7dd3fc}
.banner.test-data{background:#e0f2fe;color:#0b4a6f;border-bottom:1px solid #7cd4fd}
main{max-width:1100px;margin:0 auto;padding:16px}
main.narrow{max-width:420px;margin-top:48px}
h1{font-size:1.6rem;margin:8px 0 16px;overflow-wrap:anywhere}h2{font-size:1.2rem;margin:24px 0 8px}
section.card{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:16px;margin:0 0 16px}
.grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(260px,1fr))}
/* Scroll shadows: white covers scroll with the content (local), shadows stay at the box's edges (scroll), so an edge with more columns behind it shows a shadow. */
.table-wrap{overflow-x:auto;background:linear-gradient(to right,#fff 30%,rgba(255,255,255,0)),linear-gradient(to left,#fff 30%,rgba(255,255,255,0)) 100% 0,radial-gradient(farthest-side at 0 50%,rgba(0,0,0,.25),rgba(0,0,0,0)),radial-gradient(farthest-side at 100% 50%,rgba(0,0,0,.25),rgba(0,0,0,0)) 100% 0;background-color:#fff;background-repeat:no-repeat;background-size:40px 100%,40px 100%,14px 100%,14px 100%;background-attachment:local,local,scroll,scroll}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:8px;border-bottom:1px solid #e5e7eb;vertical-align:top;overflow-wrap:break-word}
.table-wrap table{min-width:600px;background:transparent}
th{font-size:14px;color:#4b5563}
form.inline{display:inline}
form.stack{display:grid;gap:8px;max-width:560px}
form.filters{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:end;margin-bottom:12px}
label{font-weight:600;font-size:14px;display:block}
input[type=text],input[type=email],input[type=password],input[type=url],select{font:inherit;padding:8px;border:1px solid #9aa4b2;border-radius:6px;width:100%;min-width:0;background:#fff}
button{font:inherit;padding:8px 14px;border-radius:6px;border:1px solid #0b57d0;background:#0b57d0;color:#fff;cursor:pointer;min-height:40px}
button.secondary{background:#fff;color:#0b57d0}
button.danger{background:#b42318;border-color:#b42318}
button.link{background:none;border:none;padding:0;min-height:0;text-decoration:underline;color:#0b57d0}
.badge{display:inline-block;padding:1px 8px;border-radius:999px;font-size:13px;background:#e5e7eb}
.badge.good{background:#d1fadf;color:#05603a}.badge.warn{background:#fef0c7;color:#93370d}.badge.bad{background:#fee4e2;color:#912018}.badge.muted{background:#eef0f3;color:#475467}
.badge.mode-live{background:#d1e9ff;color:#1849a9}.badge.mode-test{background:#fdead7;color:#9c2a10;border:1px dashed #ef6820}
fieldset.choice{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px}fieldset.choice legend{font-weight:600;font-size:14px;padding:0;margin-bottom:4px}
fieldset.choice label{font-weight:400;display:flex;gap:6px;align-items:center}
.banner{margin:0;padding:10px 16px;background:#fef0c7;color:#7a2e0e;border-bottom:1px solid #fdb022}
.notice{padding:10px;background:#d1fadf;border-radius:6px}
.error{padding:10px;background:#fee4e2;border-radius:6px;color:#912018}
.error p{margin:0}
.secret{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.secret code{background:#0f172a;color:#fff;padding:8px;border-radius:6px;overflow-wrap:anywhere}
code{overflow-wrap:anywhere}
ul.plain{list-style:none;padding:0}ul.plain li{display:flex;flex-wrap:wrap;gap:8px;align-items:center;padding:4px 0}
.result{padding:10px;border-radius:6px;background:#eef0f3}
.muted{color:#667085}
dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:4px 16px}dl.facts dt{font-weight:600}dl.facts dd{margin:0;overflow-wrap:anywhere}
/* Charts: inline SVG, coloured by class (the CSP allows no style attribute); status colours name the same tones as the badges. */
figure.chart{margin:0 0 8px}.chart-svg{display:block;width:100%;height:auto;max-height:260px}
.chart-svg text{font-size:11px;fill:#4b5563}.chart-svg .value{fill:#1b1f24}.chart-svg .rate text{font-size:13px}
.chart-svg .axis{stroke:#9aa4b2}.chart-svg .grid-line{stroke:#e5e7eb;stroke-dasharray:4 4}
.chart-svg .line{fill:none;stroke:#0b57d0;stroke-width:2}.chart-svg .dot{fill:#0b57d0}
.chart-svg .track{fill:#eef0f3}.chart-svg .fill{fill:#12b76a}
.s-published{fill:#12b76a;background:#12b76a}.s-partially_published{fill:#f79009;background:#f79009}.s-failed{fill:#d92d20;background:#d92d20}
.s-queued{fill:#84adff;background:#84adff}.s-scheduled{fill:#b2ccff;background:#b2ccff}.s-publishing{fill:#2e90fa;background:#2e90fa}
.s-canceled{fill:#98a2b3;background:#98a2b3}.s-unpublishing{fill:#667085;background:#667085}.s-deleted{fill:#475467;background:#475467}
ul.legend{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;margin:4px 0;padding:0;font-size:14px}
.swatch{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:6px;vertical-align:-1px}
details.chart-figures summary{cursor:pointer;color:#0b57d0;font-size:14px}
/* What a delivery published: its text as written (line breaks kept), its images small. */
.preview{border-top:1px solid #e5e7eb;padding:12px 0}.preview:first-of-type{border-top:0}
.preview-text{white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0}
.thumbs{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0;margin:4px 0}.thumbs img{width:96px;height:96px;object-fit:cover;border-radius:6px;border:1px solid #dde1e6}
pre.exchange{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f7f9;border:1px solid #e5e7eb;border-radius:6px;padding:8px;margin:4px 0;font-size:13px;max-height:360px;overflow-y:auto}
@media (max-width:600px){.who{margin-left:0;width:100%}dl.facts{grid-template-columns:minmax(0,1fr)}main{padding:12px}}
`;

/** Copy buttons: the one script, progressive (the value is on the page and selectable without it). */
export const SCRIPT = `
document.addEventListener('click', function (event) {
  var button = event.target.closest('[data-copy]');
  if (!button) return;
  var source = document.getElementById(button.getAttribute('data-copy'));
  if (!source || !navigator.clipboard) return;
  navigator.clipboard.writeText(source.textContent).then(function () {
    button.textContent = 'Copied';
  });
});
`;
