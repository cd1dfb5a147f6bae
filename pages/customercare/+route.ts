// https://vike.dev/route
/** The customer care address keeps its historic `.html` name; it is the contact screen. */
export default '/customercare.html'
