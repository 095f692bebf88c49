/** Spec 01 section 2.1: every route of the main layout, as written there (letter case included). */
export const mainLayoutRoutes = (
  '/star, /imp, /imp2, /imp3, /imp4, /imp5, /imp6, /imp7, /imp8, /imp9, /transaction, /mymodel, /transfer, ' +
  '/transfermodel, /addfundhistory, /withdrawrule, /depositrule, /withdrawhistory, /about, /privacy, ' +
  '/privacypolicy, /delete, /change, /wallet, /profile, /stargame, /ssinglepana, /sdoublepana, /stripplepana, ' +
  '/starsingle, /galigame, /galiIMP, /impwin, /impbid, /galiallgame, /leftdigit, /rightdigit, /jodidigit, ' +
  '/single, /fullsangam, /halfsangam, /tripplepana, /doublepana, /singlepana, /spdptp, /spmotor, /dpmotor, ' +
  '/jodi, /addfund, /payviaupi, /win, /windata, /bid, /gameRates, /game, /htp, /withdraw, /qrpay, /histories, ' +
  '/charts, /AddFundHistory'
).split(', ');
