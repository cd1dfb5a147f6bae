import { ArtPicture } from '../ArtPicture.tsx'
import { Glyph } from '../Glyph.tsx'
import { Picture } from '../Picture.tsx'
import type { Application as Data } from './types.ts'

/** Where the product is used and, when it has one, its web application. */
export function Application({ application, name }: { application: Data; name: string }) {
  const { main, web } = application
  return (
    <>
      {main && (
        <ArtPicture
          wide={main.image}
          narrow={main.imageMobile}
          narrowQuery="(max-width: 520px)"
          alt=""
          wideSizes="(max-width: 1200px) 92vw, 1200px"
          narrowSizes="92vw"
          className="papp__media"
        />
      )}
      {web && (
        <div className="pweb">
          {main && <h3 className="pweb__title">The {name} web application</h3>}
          <div className="pweb__row">
            <ul className="pweb__features">
              {web.features.map((f) => (
                <li key={f}>
                  <Glyph name="check" size={22} />
                  {f}
                </li>
              ))}
            </ul>
            <Picture
              image={web.image1}
              alt=""
              sizes="(max-width: 1024px) 92vw, 560px"
              className="pweb__shot"
            />
          </div>
          <div className="pweb__row pweb__row--flip">
            <div className="pweb__panels">
              {web.panels.map((p) => (
                <div key={p.title} className="pweb__panel">
                  <h4>{p.title}</h4>
                  <p>{p.description}</p>
                </div>
              ))}
            </div>
            <Picture
              image={web.image2}
              alt=""
              sizes="(max-width: 1024px) 92vw, 560px"
              className="pweb__shot"
            />
          </div>
        </div>
      )}
    </>
  )
}
