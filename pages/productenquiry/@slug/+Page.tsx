import { useData } from 'vike-react/useData'
import { EnquiryForm } from '../../../components/forms/EnquiryForm.tsx'
import { FormPage } from '../../../components/forms/FormPage.tsx'
import { HeadingText } from '../../../components/HeadingText.tsx'
import { Picture } from '../../../components/Picture.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const product = useData<Data>()
  return (
    <FormPage
      eyebrow="Product enquiry"
      title={<HeadingText text={`Enquire about ${product.name}`} />}
      lead={
        <p>
          Pricing, volumes, integration or a demo: tell us what you need and the right engineer will answer.
        </p>
      }
      aside={
        <>
          <section className="form-aside-card form-aside-card--product" aria-labelledby="enquiry-product">
            <Picture
              image={product.image}
              alt=""
              sizes="(max-width: 900px) 90vw, 320px"
              className="form-aside-card__image"
            />
            <h2 id="enquiry-product" className="form-aside-card__title">
              <HeadingText text={product.name} />
            </h2>
            <p>{product.summary}</p>
            <a className="form-aside-card__link" href={`/products/${product.slug}`}>
              Back to {product.name}
            </a>
          </section>
          <section className="form-aside-card" aria-labelledby="enquiry-next">
            <h2 id="enquiry-next" className="form-aside-card__title">
              What happens next
            </h2>
            <ol className="form-steps">
              <li>We read your enquiry and pass it to the team behind {product.name}.</li>
              <li>You hear from us within 24 hours, by email or phone.</li>
              <li>We follow up with a quote, a demo or the technical answers you asked for.</li>
            </ol>
            <p className="form-aside-card__small">
              Prefer email? Write to <a href={`mailto:${product.email}`}>{product.email}</a>.
            </p>
          </section>
        </>
      }
    >
      <EnquiryForm slug={product.slug} />
    </FormPage>
  )
}
