import { useData } from 'vike-react/useData'
import { FormPage } from '../../components/forms/FormPage.tsx'
import { WarrantyForm } from '../../components/forms/WarrantyForm.tsx'
import type { Data } from './+data.ts'

/** Warranty activation, at /productregistration and /warrantyregistration. */
export default function Page() {
  const { email, products, productsUrl } = useData<Data>()
  return (
    <FormPage
      eyebrow="Warranty activation"
      title="Activate your warranty"
      lead={
        <p>
          Every product we make carries a 1-year warranty from the date you bought it. Register it here so a
          repair or replacement, if you ever need one, starts with your details already on file.
        </p>
      }
      aside={
        <>
          <section className="form-aside-card" aria-labelledby="warranty-covers">
            <h2 id="warranty-covers" className="form-aside-card__title">
              How it works
            </h2>
            <ul className="form-ticks">
              <li>The warranty runs for 1 year from the purchase date on your invoice.</li>
              <li>Activation takes two minutes and is confirmed on screen straight away.</li>
              <li>If something goes wrong, quote your serial number and we take it from there.</li>
            </ul>
          </section>
          <section className="form-aside-card" aria-labelledby="warranty-need">
            <h2 id="warranty-need" className="form-aside-card__title">
              Have these ready
            </h2>
            <ol className="form-steps">
              <li>The serial number, printed on the device label and on the box.</li>
              <li>The date on your invoice or receipt.</li>
              <li>The invoice number, if you have it to hand.</li>
            </ol>
            <p className="form-aside-card__small">
              Questions about a claim? Write to <a href={`mailto:${email}`}>{email}</a>.
            </p>
          </section>
        </>
      }
    >
      <WarrantyForm products={products} productsUrl={productsUrl} />
    </FormPage>
  )
}
