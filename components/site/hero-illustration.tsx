import { Icon } from "@/components/icons/icon";

/**
 * Decorative dashboard drawing for the home hero (pure markup, no image request). Its parts
 * are styled by the .hi-* classes in app/globals.css, so the drawing costs few bytes.
 */
export function HeroIllustration() {
  const bars = [38, 52, 45, 64, 58, 76, 70, 88];
  return (
    <div aria-hidden="true" className="hi">
      <div className="hi-glow" />
      <div className="hi-panel">
        <div className="hi-dots">
          <span />
          <span />
          <span />
        </div>
        <div className="hi-kpis">
          {[
            ["Ventas", "+18%"],
            ["Procesos", "-32%"],
            ["Uptime", "99.9%"],
          ].map(([label, value]) => (
            <div key={label}>
              <div>{label}</div>
              <div>{value}</div>
            </div>
          ))}
        </div>
        <div className="hi-chart">
          <div>
            {bars.map((height, index) => (
              <div key={index} style={{ height: `${height}%`, opacity: 0.55 + index * 0.055 }} />
            ))}
          </div>
        </div>
        <div className="hi-rows">
          {[78, 62, 90].map((width, index) => (
            <div key={index}>
              <span />
              <span style={{ width: `${width}%` }} />
            </div>
          ))}
        </div>
      </div>
      <div className="hi-badge">
        <span>
          <Icon name="check" className="size-5" />
        </span>
        <span>
          <span className="block text-xs text-ink-600">Facturación electrónica</span>
          <span className="block text-sm font-semibold text-ink-900">Lista para SUNAT</span>
        </span>
      </div>
    </div>
  );
}
