package controllers

import javax.inject.Inject
import play.api.mvc.*
import models.{Child, Collector, PickupLog}
import auth.Secured

class PickupController @Inject() (cc: ControllerComponents, secured: Secured, pickups: PickupLog)
    extends AbstractController(cc):

  /** Staff sign a child out only to a collector on the child's list, verified today. */
  def signOut(id: Long): Action[AnyContent] = secured.staff { request =>
    val form = request.body.asFormUrlEncoded.getOrElse(Map.empty)
    val collectorId = form.get("collector").flatMap(_.headOption).flatMap(_.toLongOption)
    Child.find(id) match
      case None => NotFound
      case Some(child) =>
        collectorId.flatMap(cid => child.collectors.find(_.id == cid)) match
          case Some(c) if c.verifiedToday =>
            pickups.record(child.id, c.id, request.staffId)
            Redirect(routes.AttendanceController.today(child.groupId))
          case _ => Forbidden(views.html.notOnList(child.firstName))
  }

  /** Only the child's guardians (two-factor session) may change who can collect. */
  def addCollector(id: Long): Action[AnyContent] = secured.guardianOf(id, twoFactor = true) { request =>
    Collector.fromForm(request.body).fold(
      errors => BadRequest(errors),
      c => { Collector.add(id, c, addedBy = request.userId); Redirect(routes.PickupController.collectors(id)) }
    )
  }

  def collectors(id: Long): Action[AnyContent] = secured.guardianOrStaffOf(id) { _ =>
    Ok(views.html.collectors(Child.find(id).map(_.collectors).getOrElse(Nil)))
  }

  /** Kiosk check: the kiosk sends the collector's one-time code, never a name search. */
  def kioskVerify(): Action[AnyContent] = secured.kiosk { request =>
    val code = request.body.asJson.flatMap(j => (j \ "code").asOpt[String])
    code.flatMap(Collector.byOneTimeCode) match
      case Some(c) => Ok(c.kioskView) // first name, photo and the children they may collect
      case None    => Forbidden
  }
